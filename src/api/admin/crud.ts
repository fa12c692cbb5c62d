import type { Services } from '../../server/services/index.ts';
import { CrudEngine, type CrudHooks } from '../../server/services/crud/engine.ts';
import { actionUrl } from '../../resources/naming.ts';
import { genericActionsOf, type GenericAction, type ResourceDef } from '../../resources/types.ts';
import type { ApiRequest, ApiRoute } from '../types.ts';

export type CrudAction = GenericAction;

export interface CrudRouteOptions {
  hooks?: CrudHooks;
  /** Generic actions served here (default: those the definition lists; see `actionsOf`). */
  actions?: readonly CrudAction[];
}

/** The `remark` banner of a page: the translated remark of the menu rule named like the resource. */
export async function remarkOf(services: Services, def: ResourceDef, req: ApiRequest): Promise<string> {
  const rule = await services.knex('admin_rule').whereRaw('lower(name) = ?', [def.name.toLowerCase()]).first<{ remark: string } | undefined>('remark');
  if (!rule?.remark) return '';
  return req.ctx.state.t(`crud:remarks.${rule.remark}`, { defaultValue: rule.remark });
}

/**
 * The admin API of a resource: `/admin/<controller>/{index,add,edit,del,sortable}`, each guarded by its
 * `<resource>/<action>` rule, with `select=true` lookups served by index (reference section 2).
 */
export function crudRoutes(services: Services, def: ResourceDef, options: CrudRouteOptions = {}): { engine: CrudEngine; routes: ApiRoute[] } {
  const engine = new CrudEngine(services.knex, def, options.hooks ?? {}, (name) => services.resources.find(name), () => services.settings.timeZone());
  const actions = new Set(options.actions ?? genericActionsOf(def));
  const routes: ApiRoute[] = [];
  // Public pages showing this kind of content are re-rendered after any write.
  const writing =
    <T>(work: (req: ApiRequest) => Promise<T>) =>
    async (req: ApiRequest): Promise<T> => {
      const result = await work(req);
      if (def.cacheTags?.length) await services.caches.invalidate(def.cacheTags);
      return result;
    };
  if (actions.has('index')) {
    routes.push({ methods: ['GET'], path: actionUrl(def, 'index'), auth: 'adminRule', handler: async (req) => engine.index(req, await remarkOf(services, def, req)) });
  }
  if (actions.has('add')) routes.push({ methods: ['POST'], path: actionUrl(def, 'add'), auth: 'adminRule', handler: writing((req) => engine.add(req)) });
  if (actions.has('edit')) {
    routes.push({ methods: ['GET'], path: actionUrl(def, 'edit'), auth: 'adminRule', handler: (req) => engine.read(req) });
    routes.push({ methods: ['POST'], path: actionUrl(def, 'edit'), auth: 'adminRule', handler: writing((req) => engine.edit(req)) });
  }
  if (actions.has('del')) routes.push({ methods: ['DELETE'], path: actionUrl(def, 'del'), auth: 'adminRule', handler: writing((req) => engine.del(req)) });
  if (actions.has('sortable') && def.weighField) {
    routes.push({ methods: ['POST'], path: actionUrl(def, 'sortable'), auth: 'adminRule', handler: writing((req) => engine.sortable(req)) });
  }
  return { engine, routes };
}
