import test from 'ava';
import { startServer, type TestServer } from './server.ts';
import { asAdmin, superToken, type AdminCall } from './admins.ts';

/**
 * A test file's server, started before its tests and stopped after them, and calls to it as the seeded super
 * admin. Both are read after the start: `suite.server`, `suite.call(...)`.
 */
export function superAdminSuite(env: Record<string, string> = { RATE_LIMIT_FACTOR: '0' }): { readonly server: TestServer; call: AdminCall } {
  let server: TestServer | undefined;
  let asSuper: AdminCall | undefined;
  test.before(async () => {
    server = await startServer(env);
    asSuper = asAdmin(server, await superToken(server));
  });
  test.after.always(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    call: (path, init) => {
      if (!asSuper) throw new Error('the server is not started yet');
      return asSuper(path, init);
    },
  };
}
