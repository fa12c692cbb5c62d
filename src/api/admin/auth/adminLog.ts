import type { Services } from '../../../server/services/index.ts';
import adminLogResource from '../../../resources/auth/adminLog.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';

/** auth/adminLog: generic index; an admin who is not super sees only their own entries (reference 3.4). */
export function adminLogRoutes(services: Services): ApiRoute[] {
  return crudRoutes(services, adminLogResource, {
    hooks: {
      scope(query, req) {
        if (!req.adminPermissions?.super) query.where('admin_log.admin_id', req.admin!.id);
      },
    },
  }).routes;
}
