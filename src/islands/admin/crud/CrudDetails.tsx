import { Fragment } from 'react';
import type { ResourceDef } from '../../../resources/types.ts';
import { useAdmin } from '../context.ts';
import { cellOf, detailFields, jsonText } from '../../../resources/cells.ts';
import { CellView } from './CrudTable.tsx';
import { useResourceLabels } from './labels.ts';
import type { Row } from './listModel.ts';
import { ReadOnlyDialog } from './ReadOnlyDialog.tsx';

/**
 * One record, read-only: every column of the definition (hidden ones too), JSON pretty-printed. The screen of
 * a resource without an edit action (a log) offers this instead of a form.
 */
export function CrudDetails({ def, row, onClose }: { def: ResourceDef; row: Row; onClose(): void }) {
  const { lang, siteConfig } = useAdmin();
  const { t, title, fieldLabel, optionLabel } = useResourceLabels(def);
  const ctx = { lang, cdnUrl: siteConfig.cdnUrl, timeZone: siteConfig.timeZone, optionLabel };
  const id = String(row[def.pk]);
  return (
    <ReadOnlyDialog title={t('crud-ui:details.title', { title, id })} onClose={onClose}>
      <dl className="row mb-0 crud-details" data-details={id}>
        {detailFields(def).map((field) => {
          const json = jsonText(row[field.name]);
          return (
            <Fragment key={field.name}>
              <dt className="col-sm-3 fw-normal text-body-secondary">{fieldLabel(field.name)}</dt>
              <dd className="col-sm-9 text-break" data-detail={field.name}>
                {json !== null ? <pre className="crud-json mb-0">{json}</pre> : <CellView cell={cellOf(field, row, ctx)} />}
              </dd>
            </Fragment>
          );
        })}
      </dl>
    </ReadOnlyDialog>
  );
}
