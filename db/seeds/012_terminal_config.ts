import type { SeedContext } from '../../src/server/seed.ts';
import { configColumns } from '../../src/server/services/bilingual.ts';
import { PACKAGE_MANAGERS, TERMINAL_DEFAULTS } from '../../src/shared/constants/terminal.ts';

interface GroupEntry {
  key: string;
  value: string;
}

// Titles and tips are keys of the admin-routine:configText catalogue, stored in both languages (configColumns)
// like those of 001_config. The terminal panel's dialogs write the first two through /admin/ajax/changeTerminalConfig.
const items = [
  {
    name: 'terminal_package_manager', title: 'Package manager', tip: 'Used by the terminal to install, build and test',
    type: 'select', value: TERMINAL_DEFAULTS.packageManager, content: JSON.stringify(Object.fromEntries(PACKAGE_MANAGERS.map((pm) => [pm, pm]))), rule: 'required', weigh: 4,
  },
  { name: 'terminal_auto_clean', title: 'Remove successful tasks automatically', tip: 'When a task is added to the terminal', type: 'switch', value: TERMINAL_DEFAULTS.automaticCleanupTask, weigh: 3 },
  { name: 'terminal_timeout', title: 'Command time limit (seconds)', tip: 'Versions, migrations, checks', type: 'number', value: '120', rule: 'required,integer', weigh: 2 },
  { name: 'terminal_long_timeout', title: 'Install and build time limit (seconds)', tip: 'Installing dependencies, building the pages', type: 'number', value: '1800', rule: 'required,integer', weigh: 1 },
];

export async function seed({ knex }: SeedContext): Promise<void> {
  await knex('config').insert(items.map(({ title, tip, ...i }) => ({ group: 'terminal', content: '', rule: '', extend: '', allow_del: false, ...i, ...configColumns(title, tip) })));
  const row = await knex('config').where({ name: 'config_group' }).first<{ value: string } | undefined>();
  if (!row) return;
  const groups = JSON.parse(row.value) as GroupEntry[];
  if (groups.some((g) => g.key === 'terminal')) return;
  // The new tab goes before the quick-entrance group, which the admin expects last.
  const at = groups.findIndex((g) => g.key === 'config_quick_entrance');
  groups.splice(at === -1 ? groups.length : at, 0, { key: 'terminal', value: 'Terminal' });
  await knex('config').where({ name: 'config_group' }).update({ value: JSON.stringify(groups) });
}
