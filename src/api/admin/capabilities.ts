import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Call } from '../../server/services/crud/call.ts';
import type { ExportFile, ResourceEngine } from '../../server/services/crud/engine.ts';
import { MAX_IMPORT_BYTES } from '../../server/services/crud/import.ts';
import { declaredSecretNames } from '../../server/services/declaredSecrets.ts';
import type { Services } from '../../server/services/index.ts';
import { Refusal } from '../../server/errors.ts';
import { capabilityActionsOf } from '../../resources/capabilities.ts';
import { receiveFile } from '../receiveFile.ts';
import { routeRuleName, type ApiRequest, type ApiRoute, type Method } from '../types.ts';

/**
 * Makes one route of a resource (resources.ts): its path, rule and log title; `run` gets the call built from
 * the request, and the request for an answer that is not the envelope (a file).
 */
export type RouteMaker = (method: Method, action: string, run: (call: Call, req: ApiRequest) => Promise<unknown>, extra?: Partial<ApiRoute>) => ApiRoute;

/** Answers with a file instead of the envelope: a download named in the caller's language. */
function sendFile(req: ApiRequest, file: ExportFile): void {
  const { ctx } = req;
  const ascii = file.filename.replace(/[^\w.-]+/g, '_');
  ctx.set('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = file.type;
  ctx.body = file.body;
}

/** The uploaded file of an import, in a folder of its own that `use` may read until it returns. */
async function withUpload<T>(req: ApiRequest, dataDir: string, use: (file: string) => Promise<T>): Promise<T> {
  const { ctx } = req;
  if ((Number(ctx.get('content-length')) || 0) > MAX_IMPORT_BYTES + 64 * 1024) throw new Refusal('staff:transfer.tooLarge', 0, null, { max: MAX_IMPORT_BYTES / 1024 / 1024 });
  const tmp = path.join(dataDir, 'tmp');
  await fsp.mkdir(tmp, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(tmp, 'import-'));
  try {
    const file = await receiveFile(ctx.req, dir, { maxBytes: MAX_IMPORT_BYTES, maxFields: 10 });
    if (file === 'tooLarge') throw new Refusal('staff:transfer.tooLarge', 0, null, { max: MAX_IMPORT_BYTES / 1024 / 1024 });
    if (file === 'none') throw new Refusal('staff:transfer.noFile');
    return await use(file.path);
  } finally {
    if (!ctx.req.complete) ctx.req.resume();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The routes of the capabilities a resource declares, beside its generic actions: each guarded by the rule of
 * the generic action it extends, so roles need nothing new.
 * - `preview` (a resource with a public page, `publish.page`): a signed, expiring link to a row's page;
 * - `revisions` and `restoreRevision` (a resource that declares `revisions`): a row's kept versions, and
 *   putting one back (logged as "Restore revision");
 * - `export` (a list, transfer.ts, under its `index` rule): the list as CSV or XLSX, each in the admin log;
 * - `import` and `importTemplate` (a generic add, transfer.ts, under its `add` rule): a dry run, then the import.
 */
export function capabilityRoutes(services: Services, engine: ResourceEngine, route: RouteMaker): ApiRoute[] {
  const { def } = engine;
  const has = new Set(capabilityActionsOf(def));
  const editRule = { rule: `${def.name}/edit` };
  const routes: ApiRoute[] = [];
  if (has.has('preview')) {
    routes.push(
      route('GET', 'preview', async (call) => {
        const row = await engine.editable(call);
        return services.previews.link(def, Number(row[def.pk]));
      }, editRule),
    );
  }
  if (has.has('revisions')) {
    routes.push(
      route('GET', 'revisions', (call) => engine.revisions(call), editRule),
      route('POST', 'restoreRevision', (call) => engine.restoreRevision(call), { ...editRule, logTitle: 'Restore revision' }),
    );
  }
  if (has.has('export')) {
    const rule = `${def.name}/index`;
    routes.push(
      route(
        'GET',
        'export',
        async (call, req) => {
          const file = await engine.export(call);
          // A GET is not logged by the router: an export is, as it takes data away.
          await services.adminLog.open(req.ctx, routeRuleName({ path: '', rule }), {
            adminId: call.actor.admin.id,
            username: call.actor.admin.username,
            title: 'Export',
            input: call.input,
            secrets: await declaredSecretNames(services.settings, services.resources),
          });
          sendFile(req, file);
        },
        { rule, logTitle: 'Export' },
      ),
    );
  }
  if (has.has('import')) {
    const addRule = { rule: `${def.name}/add` };
    routes.push(
      route('POST', 'import', (call, req) => withUpload(req, services.config.dataDir, (file) => engine.import(call, file)), { ...addRule, logTitle: 'Import', rawBody: true }),
      route('GET', 'importTemplate', async (call, req) => sendFile(req, engine.importTemplate(call)), addRule),
    );
  }
  return routes;
}
