import { contentOf, presentValue, storeValue } from '../../../server/services/configAdmin.ts';
import type { Services } from '../../../server/services/index.ts';
import { guardConfigSave } from '../../../server/services/secretBindings.ts';
import type { ConfigRow } from '../../../server/services/settings.ts';
import type { ApiRequest, ApiRoute } from '../../types.ts';
import { Refusal, Success } from '../../../server/errors.ts';

/** An item of a settings screen: secrets come back empty, with `set` telling whether one is saved. */
export interface SettingsItem {
  name: string;
  type: string;
  value: unknown;
  set: boolean;
  options: Record<string, string> | '';
}

export interface SettingsScreen {
  /** URL controller: 'wechat.Config' serves /admin/wechat.Config/index and /edit. */
  controller: string;
  /** The config group whose items the screen edits (one of SCREEN_CONFIG_GROUPS). */
  group: string;
  /** Checks the values as they would be stored (posted over saved); throws Refusal to refuse. */
  check(values: Readonly<Record<string, string>>): void;
  /** What else the screen shows (the URL to copy into the WeChat console...). */
  extra?(req: ApiRequest): Record<string, unknown>;
}

/**
 * A settings screen over one config group: the index lists its items (secrets never sent back), the edit
 * stores the posted ones with the config types' rules (an empty secret keeps the saved one), checks the
 * whole set and clears the caches so the next request uses them.
 */
export function settingsRoutes(services: Services, screen: SettingsScreen): ApiRoute[] {
  const { knex, caches } = services;
  const rows = () => knex<ConfigRow>('config').where({ group: screen.group }).orderBy([{ column: 'weigh', order: 'desc' }, { column: 'id', order: 'asc' }]);
  return [
    {
      methods: ['GET'],
      path: `/admin/${screen.controller}/index`,
      auth: 'adminRule',
      async handler(req) {
        const items: SettingsItem[] = (await rows()).map((row) => ({ name: row.name, type: row.type, value: presentValue(row), set: (row.value ?? '') !== '', options: contentOf(row) }));
        return { items, ...screen.extra?.(req) };
      },
    },
    {
      methods: ['POST'],
      path: `/admin/${screen.controller}/edit`,
      auth: 'adminRule',
      async handler({ ctx, input }) {
        const all = await rows();
        const posted = all.filter((row) => row.name in input);
        if (posted.length === 0) throw new Refusal('crud:parameterError');
        const values: Record<string, string> = Object.fromEntries(all.map((row) => [row.name, row.value ?? '']));
        const updates: { id: number; value: string }[] = [];
        for (const row of posted) {
          const value = await storeValue(row, input[row.name], ctx.state.t, ctx.state.lang);
          if (value === null) continue;
          values[row.name] = value;
          updates.push({ id: row.id, value });
        }
        screen.check(values);
        await guardConfigSave(services.outbound, all, updates);
        await knex.transaction(async (trx) => {
          for (const u of updates) await trx('config').where({ id: u.id }).update({ value: u.value });
        });
        await caches.clearAll();
        return new Success(null, 'wechat:settingsSaved');
      },
    },
  ];
}
