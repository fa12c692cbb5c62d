import type { Call } from '../../server/services/crud/call.ts';
import type { ResourceEngine } from '../../server/services/crud/engine.ts';
import type { Services } from '../../server/services/index.ts';
import { publishingOf } from '../../resources/publishing.ts';
import { offers } from '../../resources/types.ts';
import type { ApiRequest, ApiRoute, Method } from '../types.ts';

/** Makes one route of a resource (resources.ts): its path, rule and log title, the call built from the request. */
export type RouteMaker = (method: Method, action: string, run: (call: Call) => Promise<unknown>, extra?: Partial<ApiRoute>) => ApiRoute;

/**
 * The routes of the capabilities a resource declares, beside its generic actions: each guarded by the rule of
 * the generic action it extends (seeing a draft's preview needs `<resource>/edit`), so roles need nothing new.
 * - `preview` (a resource with a public page, `publish.page`): a signed, expiring link to a row's page;
 * - `revisions` and `restoreRevision` (a resource that declares `revisions`): a row's kept versions, and
 *   putting one back (logged as "Restore revision").
 */
export function capabilityRoutes(services: Services, engine: ResourceEngine, route: RouteMaker, _callOf: (req: ApiRequest) => Call): ApiRoute[] {
  const { def } = engine;
  const editRule = { rule: `${def.name}/edit` };
  const routes: ApiRoute[] = [];
  if (publishingOf(def)?.page && offers(def, 'edit')) {
    routes.push(
      route('GET', 'preview', async (call) => {
        const row = await engine.editable(call);
        return services.previews.link(def, Number(row[def.pk]));
      }, editRule),
    );
  }
  if (def.revisions && offers(def, 'edit')) {
    routes.push(
      route('GET', 'revisions', (call) => engine.revisions(call), editRule),
      route('POST', 'restoreRevision', (call) => engine.restoreRevision(call), { ...editRule, logTitle: 'Restore revision' }),
    );
  }
  return routes;
}
