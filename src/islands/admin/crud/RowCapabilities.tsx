import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../resources/types.ts';
import { capabilityActionsOf } from '../../../resources/capabilities.ts';
import type { Row } from './listModel.ts';
import { PreviewButton } from './Publishing.tsx';
import { RevisionsDialog } from './RevisionsDialog.tsx';

/** Whether a resource declares a capability with a button per row (for admins who may edit its rows). */
export function hasRowCapabilities(def: ResourceDef): boolean {
  const actions = capabilityActionsOf(def);
  return actions.includes('preview') || actions.includes('revisions');
}

/** The history button of a row and its dialog. */
function HistoryButton({ def, row, reload }: { def: ResourceDef; row: Row; reload(): Promise<void> }) {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  const id = String(row[def.pk]);
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={t('revisions.rowLabel', { id })} title={t('revisions.button')} onClick={() => setOpen(true)} data-action="history">
        <i className="bi bi-clock-history" aria-hidden="true" />
      </button>
      {open && <RevisionsDialog def={def} id={id} onClose={() => setOpen(false)} onRestored={() => void reload()} />}
    </>
  );
}

/** The buttons of a row's declared capabilities: its preview link, its history. */
export function RowCapabilities({ def, row, reload }: { def: ResourceDef; row: Row; reload(): Promise<void> }) {
  const actions = capabilityActionsOf(def);
  return (
    <>
      {actions.includes('preview') && <PreviewButton def={def} row={row} />}
      {actions.includes('revisions') && <HistoryButton def={def} row={row} reload={reload} />}
    </>
  );
}
