import { ApiCode } from '../../shared/api/envelope.ts';
import { STREAM_MARKERS, isNpmRegistry, isPackageManager, type TerminalEvent, type TerminalSettings } from '../../shared/constants/terminal.ts';
import { openEventStream } from '../../server/eventStream.ts';
import type { Services } from '../../server/services/index.ts';
import { TICKET_KEEP_TIME } from '../../server/services/tokens.ts';
import { NPM_REGISTRY_ITEM, PACKAGE_MANAGER_ITEM, findCommand } from '../../server/services/terminal/commands.ts';
import type { ApiRequest, ApiRoute } from '../types.ts';
import { Refusal } from '../../server/errors.ts';

/** A task id of the panel (a UUID) and the opaque `extend` it may carry (`module-install:<uid>`): nothing else. */
const UUID = /^[A-Za-z0-9_-]{1,64}$/;
const EXTEND = /^[A-Za-z0-9_.:-]{0,100}$/;

function param(req: ApiRequest, name: string, pattern: RegExp): string | null {
  const value = req.input[name] ?? '';
  return typeof value === 'string' && pattern.test(value) ? value : null;
}

/** Ends the stream the reference's way for a run that never starts: the reason, the error marker, the end. */
function refuseStream(req: ApiRequest, reason: string, code?: number): void {
  const stream = openEventStream(req.ctx);
  const base = { uuid: param(req, 'uuid', UUID) ?? '', extend: param(req, 'extend', EXTEND) ?? '', key: findCommand(req.input.command)?.key ?? '' };
  for (const data of [req.ctx.state.t(reason), STREAM_MARKERS.execError, STREAM_MARKERS.completed]) {
    const event: TerminalEvent = code === undefined ? { ...base, data } : { ...base, data, code };
    stream.send(event);
  }
  stream.end();
}

/** Terminal settings in the config table (the reference keeps them in a config file). */
const AUTO_CLEAN_ITEM = 'terminal_auto_clean';

function flag(value: unknown): '0' | '1' | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return '1';
  if (value === false || value === 0 || value === '0' || value === 'false') return '0';
  return null;
}

/**
 * The terminal (reference 4.2, its ⚠ fixed): super admins only, a command from the server's table picked by
 * key, its output streamed as server-sent events. The stream takes a one-time ticket (POST terminalTicket)
 * in place of the admin token, so no lasting token travels in a URL; `batoken` still works for the spec's client.
 */
export function terminalRoutes(services: Services): ApiRoute[] {
  const { terminal, tokens, knex, settings, log } = services;
  return [
    {
      methods: ['GET'],
      path: '/admin/ajax/terminal',
      auth: 'superAdmin',
      // An EventSource cannot send headers: a one-time ticket, or for the spec's client `batoken`, in the query.
      queryToken: true,
      ticket: true,
      refuse(req, error) {
        const reason = error.code === ApiCode.tokenExpired ? 'terminal:tokenExpired' : 'terminal:notSuperAdmin';
        refuseStream(req, reason, error.code);
      },
      handler(req) {
        const command = findCommand(req.input.command);
        if (!command) return refuseStream(req, 'terminal:notAllowed');
        const uuid = param(req, 'uuid', UUID);
        const extend = param(req, 'extend', EXTEND);
        if (uuid === null || extend === null) return refuseStream(req, 'terminal:badParameter');
        const stream = openEventStream(req.ctx);
        // A HEAD request gets the headers of the stream and runs nothing.
        if (req.ctx.method === 'HEAD') return stream.end();
        // Koa sends the response once the handlers return: the run goes on while the stream flows.
        void terminal
          .run({
            command,
            admin: req.admin!,
            uuid,
            extend,
            ctx: req.ctx,
            t: req.ctx.state.t,
            emit: (data) => stream.send({ data, uuid, extend, key: command.key } satisfies TerminalEvent),
            signal: stream.signal,
          })
          .catch((err: unknown) => log.error({ err, command: command.key }, 'terminal run failed'))
          .finally(() => stream.end());
      },
    },
    {
      methods: ['POST'],
      path: '/admin/ajax/terminalTicket',
      auth: 'superAdmin',
      logTitle: 'Terminal ticket',
      async handler({ admin }) {
        return { ticket: await tokens.issue('admin-ticket', admin!.id), expiresIn: TICKET_KEEP_TIME };
      },
    },
    {
      methods: ['GET'],
      path: '/admin/ajax/terminalCommands',
      auth: 'superAdmin',
      async handler({ ctx }) {
        return { list: terminal.available ? await terminal.commands(ctx.state.t) : [], available: terminal.available, settings: await terminalSettings(services) };
      },
    },
    {
      methods: ['POST'],
      path: '/admin/ajax/changeTerminalConfig',
      auth: 'superAdmin',
      logTitle: 'Change terminal config',
      async handler({ input }) {
        const changes: Array<[string, string]> = [];
        if (input.manager !== undefined) {
          if (!isPackageManager(input.manager)) throw new Refusal('terminal:managerInvalid', ApiCode.failure, null, { manager: String(input.manager).slice(0, 30) });
          await refuseMissingManager(services, input.manager);
          changes.push([PACKAGE_MANAGER_ITEM, input.manager]);
        }
        if (input.automaticCleanupTask !== undefined) {
          const value = flag(input.automaticCleanupTask);
          if (value === null) throw new Refusal('crud:parameterError');
          changes.push([AUTO_CLEAN_ITEM, value]);
        }
        if (changes.length === 0) throw new Refusal('crud:parameterError');
        await knex.transaction(async (trx) => {
          for (const [name, value] of changes) await trx('config').where({ name }).update({ value });
        });
        settings.invalidate();
        return null;
      },
    },
  ];
}

/** A package manager the server lacks cannot be chosen (where commands can run at all). */
async function refuseMissingManager({ terminal }: Services, manager: string): Promise<void> {
  if (!terminal.available) return;
  const installed = await terminal.installedManagers();
  if (installed.some((m) => m.name === manager)) return;
  if (installed.length === 0) throw new Refusal('terminal:noManagers');
  throw new Refusal('terminal:managerMissing', ApiCode.failure, null, { manager, installed: installed.map((m) => m.name).join(', ') });
}

/** The terminal settings the server keeps, with the package managers it has. */
export async function terminalSettings(services: Services): Promise<TerminalSettings> {
  const { chosen, installed } = await services.terminal.packageManagers();
  const registry = await services.settings.get(NPM_REGISTRY_ITEM);
  return {
    packageManager: chosen,
    installed,
    automaticCleanupTask: (await services.settings.get(AUTO_CLEAN_ITEM)) === '0' ? '0' : '1',
    npmRegistry: isNpmRegistry(registry) ? registry : 'unknown',
  };
}
