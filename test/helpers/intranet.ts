import { ALLOW_PRIVATE_SETTING } from '../../src/server/services/outbound.ts';
import type { TestServer } from './server.ts';

/**
 * Turns on the intranet switch (off by default), so the server may reach the local stand-ins on 127.0.0.1:
 * tests that are about something else than the outbound address check.
 */
export async function allowIntranet(server: TestServer): Promise<void> {
  if ((await server.app.knex('config').where({ name: ALLOW_PRIVATE_SETTING }).update({ value: '1' })) !== 1) throw new Error(`no config row ${ALLOW_PRIVATE_SETTING}`);
  server.app.services.settings.invalidate();
}
