import { defineUnit } from '../../server/services/crud/unit.ts';
import adminLogResource from './adminLog.ts';

/** auth/adminLog: an admin who is not super sees only their own entries (reference 3.4). */
export default defineUnit(adminLogResource, () => ({
  scope(query, call) {
    if (!call.actor.permissions.super) query.where('admin_log.admin_id', call.actor.admin.id);
  },
}));
