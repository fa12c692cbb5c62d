import type { Services } from '../../../server/services/index.ts';
import type { ApiRegistry } from '../../router.ts';
import type { ApiRoute } from '../../types.ts';
import { remoteKeysExist } from '../../../server/services/crud/engine.ts';
import { crudRoutes } from '../crud.ts';

const GROUP = 'generated:';

/**
 * Keeps the API in step with the generated resources: whenever the registry (re)loads them, each gets its
 * `/admin/<controller>/{index,add,edit,del,sortable}` on the generic engine as a route group of its own,
 * and groups of removed resources go. A definition whose routes cannot be made (a clash, a remote resource
 * gone) is left out and logged; the others still serve.
 */
export function followGeneratedResources(registry: ApiRegistry, services: Services): void {
  services.resources.onChange((defs) => {
    const live = new Set<string>();
    for (const def of defs) {
      const group = `${GROUP}${def.name}`;
      try {
        const hooks = { beforeSave: remoteKeysExist(def, (name) => services.resources.find(name)) };
        registry.setGroup(group, crudRoutes(services, def, { hooks }).routes);
        live.add(group);
      } catch (err) {
        services.log.error({ err, resource: def.name }, 'generated resource not served');
      }
    }
    for (const group of registry.groupNames()) if (group.startsWith(GROUP) && !live.has(group)) registry.removeGroup(group);
  });
}

/**
 * GET /admin/index/resources: the generated definitions this admin may open (their `<name>/index` rule, or
 * all for a super admin), so the admin app can show their screens and menu titles without a rebuild.
 */
export function generatedResourceRoutes(services: Services): ApiRoute[] {
  return [
    {
      methods: ['GET'],
      path: '/admin/index/resources',
      auth: 'admin',
      async handler({ admin }) {
        const perms = await services.auth.adminPermissions(admin!.id);
        return { list: services.resources.generated().filter((def) => services.auth.can(perms, `${def.name}/index`)) };
      },
    },
  ];
}
