import type { SeedContext } from '../../src/server/seed.ts';
import { addConfigGroup, insertConfigItems } from '../../src/server/services/configSeeds.ts';
import { PACKAGE_MANAGERS, TERMINAL_DEFAULTS } from '../../src/shared/constants/terminal.ts';

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
  await insertConfigItems(knex, items.map((i) => ({ group: 'terminal', ...i })));
  await addConfigGroup(knex, { key: 'terminal', value: 'Terminal' });
}
