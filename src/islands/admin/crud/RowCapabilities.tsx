import type { ResourceDef } from '../../../resources/types.ts';
import { publishingOf } from '../../../resources/publishing.ts';
import type { Row } from './listModel.ts';
import { PreviewButton } from './Publishing.tsx';

/** Whether a resource declares a capability with a button per row (for admins who may edit its rows). */
export function hasRowCapabilities(def: ResourceDef): boolean {
  return !!publishingOf(def)?.page;
}

/** The buttons of a row's declared capabilities: its preview link. */
export function RowCapabilities({ def, row }: { def: ResourceDef; row: Row }) {
  return <>{publishingOf(def)?.page && <PreviewButton def={def} row={row} />}</>;
}
