import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { resources } from '../../src/resources/index.ts';
import { actionsOf } from '../../src/resources/types.ts';
import { capabilityActionsOf } from '../../src/resources/capabilities.ts';
import { actionUrl, controllerOf } from '../../src/resources/naming.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
});
test.after.always(async () => {
  await server?.stop();
});

/**
 * The admin shows a button only for an action its resource definition lists or a capability it declares
 * (CrudPage, the trees, RowCapabilities): so every definition must say exactly the actions the server registers
 * under its controller, or a screen offers a button that answers 404 (the admin log's pencil did) or hides one
 * that works.
 */
test('every resource definition lists exactly the actions the server has', (t) => {
  const all = server.app.registry.all();
  for (const def of resources) {
    const prefix = `/admin/${controllerOf(def.name)}/`;
    const served = new Set(all.filter((r) => r.path.startsWith(prefix)).map((r) => r.path.slice(prefix.length)));
    const declared = [...actionsOf(def), ...capabilityActionsOf(def)];
    t.deepEqual(declared.sort(), [...served].sort(), `${def.name}: definition actions and capabilities vs registered routes`);
    for (const action of declared) t.true(all.some((r) => r.path === actionUrl(def, action)), `${actionUrl(def, action)} is registered`);
  }
});

test('the admin log is read-only: index only, no add, edit or delete', (t) => {
  const log = resources.find((r) => r.name === 'auth/adminLog')!;
  t.deepEqual([...actionsOf(log)], ['index']);
  const paths = new Set(server.app.registry.all().map((r) => r.path));
  for (const action of ['add', 'edit', 'del']) t.false(paths.has(actionUrl(log, action)));
});
