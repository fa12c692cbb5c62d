import { publishingOf } from './publishing.ts';
import { transfersOf } from './transfer.ts';
import { offers, type ResourceDef } from './types.ts';

/** An action a declared capability adds to a resource beside its own (src/api/admin/capabilities.ts serves it). */
export type CapabilityAction = 'preview' | 'revisions' | 'restoreRevision' | 'export' | 'import' | 'importTemplate';

/**
 * The capability actions a resource has, read from its definition alone, so the server's routes, the admin's
 * buttons and the route walks agree: a preview of a row's public page and its revisions where rows are edited,
 * export where it lists and import where the generic add takes its rows (transfer.ts).
 */
export function capabilityActionsOf(def: ResourceDef): CapabilityAction[] {
  const actions: CapabilityAction[] = [];
  if (publishingOf(def)?.page && offers(def, 'edit')) actions.push('preview');
  if (def.revisions && offers(def, 'edit')) actions.push('revisions', 'restoreRevision');
  const transfers = transfersOf(def);
  if (transfers.export) actions.push('export');
  if (transfers.import) actions.push('import', 'importTemplate');
  return actions;
}
