import { hydrateIslands } from '../../islands/hydrate.ts';
import { adminApp, adminLogin } from '../../islands/admin/island.ts';

// Only the back office's islands: the registry of every island and catalogue stays off the admin's pages.
void hydrateIslands({ AdminApp: adminApp, AdminLogin: adminLogin });
