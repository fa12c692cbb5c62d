import { loadConfig } from './src/server/config.ts';
import { knexSettings } from './src/server/db.ts';

// Used by `npm run migrate` (knex CLI); the server runs the same migrations at boot.
export default knexSettings(loadConfig().databaseUrl);
