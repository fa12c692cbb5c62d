import { IDEMPOTENCY_HEADER } from '../../server/services/idempotency.ts';
import type { Call } from '../../server/services/crud/call.ts';
import type { ResourceEngine } from '../../server/services/crud/engine.ts';
import type { ResourceUnit } from '../../server/services/crud/unit.ts';
import type { Services } from '../../server/services/index.ts';
import { resources } from '../../resources/index.ts';
import { actionUrl } from '../../resources/naming.ts';
import type { ApiRegistry } from '../router.ts';
import type { ApiRequest, ApiRoute, Method } from '../types.ts';
import { capabilityRoutes } from './capabilities.ts';

/** The call a request makes of a resource's engine: the edge between HTTP and the engine. */
export function callOf(req: ApiRequest, services: Services): Call {
  const { ctx } = req;
  return {
    input: req.input,
    actor: {
      admin: req.admin!,
      permissions: req.adminPermissions!,
      ip: ctx.ip,
      userAgent: ctx.get('user-agent'),
      session: services.tokens.hash(req.tokens.admin),
    },
    lang: ctx.state.lang,
    t: ctx.state.t,
    origin: services.origin(ctx),
    idempotencyKey: ctx.get(IDEMPOTENCY_HEADER) || null,
  };
}

export interface UnitRouteOptions {
  /** One permission for every action, when not `<resource>/<action>` (the generator's log). */
  rule?: string;
}

/**
 * The admin API of one resource unit: `/admin/<controller>/{index,add,edit,del,sortable}` as its definition
 * offers them (GET add/edit load the forms), then its behaviour's own actions, each guarded by its
 * `<resource>/<action>` rule.
 */
export function unitRoutes(services: Services, unit: ResourceUnit, engine: ResourceEngine, options: UnitRouteOptions = {}): ApiRoute[] {
  const { def } = unit;
  const behaviour = engine.behaviour;
  const route = (method: Method, action: string, run: (call: Call, req: ApiRequest) => Promise<unknown>, extra: Partial<ApiRoute> = {}): ApiRoute => ({
    methods: [method],
    path: actionUrl(def, action),
    auth: 'adminRule',
    ...(options.rule ? { rule: options.rule } : {}),
    ...extra,
    handler: (req) => run(callOf(req, services), req),
  });
  const own = behaviour.actions ?? {};
  const routes: ApiRoute[] = [];
  for (const action of engine.generic().filter((a) => !Object.hasOwn(own, a))) {
    switch (action) {
      case 'index':
        routes.push(route('GET', 'index', (call) => engine.index(call)));
        break;
      case 'add':
        // A GET of add loads the add form's choices, when the behaviour has any: otherwise there is none.
        if (behaviour.addForm) routes.push(route('GET', 'add', (call) => engine.addForm(call)));
        routes.push(route('POST', 'add', (call) => engine.add(call)));
        break;
      case 'edit':
        routes.push(route('GET', 'edit', (call) => engine.read(call)), route('POST', 'edit', (call) => engine.edit(call)));
        break;
      case 'del':
        routes.push(route('DELETE', 'del', (call) => engine.del(call)));
        break;
      case 'sortable':
        routes.push(route('POST', 'sortable', (call) => engine.sortable(call)));
        break;
    }
  }
  routes.push(...capabilityRoutes(services, engine, route));
  for (const [name, action] of Object.entries(own)) {
    const extra: Partial<ApiRoute> = { ...(action.logTitle ? { logTitle: action.logTitle } : {}), ...(action.rateLimit ? { rateLimit: action.rateLimit } : {}) };
    const { get, post } = action;
    if (get) routes.push(route('GET', name, (call) => get(call, engine), extra));
    if (post) routes.push(route('POST', name, (call) => post(call, engine), extra));
  }
  return routes;
}

const GROUP = 'unit:';

/**
 * One route factory for every resource: whenever the registry (re)loads, each unit (hand-written, added at
 * start, or generated) has its routes as a group of its own, and groups of units gone are removed. A unit
 * whose routes cannot be made (a clash, a remote resource gone) is left out and logged; the others serve.
 */
export function followResourceUnits(registry: ApiRegistry, services: Services): void {
  services.resources.onChange((units) => {
    const live = new Set<string>();
    for (const unit of units) {
      const group = `${GROUP}${unit.def.name}`;
      try {
        registry.setGroup(group, unitRoutes(services, unit, services.engines.for(unit)));
        live.add(group);
      } catch (err) {
        services.log.error({ err, resource: unit.def.name }, 'resource not served');
      }
    }
    for (const group of registry.groupNames()) if (group.startsWith(GROUP) && !live.has(group)) registry.removeGroup(group);
  });
}

/** The group of a resource's routes, to tell a resource's own routes from another's. */
export function unitGroup(name: string): string {
  return `${GROUP}${name}`;
}

/**
 * GET /admin/index/resources: the definitions the admin app was not built with (the generator's, and units
 * added at start) that this admin may open (their `<name>/index` rule, or all for a super admin), so the app
 * shows their screens and menu titles without a rebuild.
 */
export function runtimeResourceRoutes(services: Services): ApiRoute[] {
  return [
    {
      methods: ['GET'],
      path: '/admin/index/resources',
      auth: 'admin',
      async handler({ admin }) {
        const perms = await services.auth.adminPermissions(admin!.id);
        const list = services.resources.all().filter((def) => !resources.includes(def) && services.auth.can(perms, `${def.name}/index`));
        return { list };
      },
    },
  ];
}
