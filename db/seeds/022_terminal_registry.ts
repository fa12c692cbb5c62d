import type { SeedContext } from '../../src/server/seed.ts';
import { insertConfigItems } from '../../src/server/services/configSeeds.ts';
import { NPM_REGISTRIES } from '../../src/shared/constants/terminal.ts';

/**
 * The registry the terminal's package managers download from, switched by its `set-npm-registry.<name>`
 * commands (reference 4.2); `unknown`, as the reference starts, leaves the server's own npm setting.
 */
export async function seed({ knex }: SeedContext): Promise<void> {
  const choices = ['unknown', ...Object.keys(NPM_REGISTRIES)];
  await insertConfigItems(knex, [
    {
      name: 'terminal_npm_registry', group: 'terminal', title: 'npm registry', tip: "Where the terminal's package managers download from; unknown: the server's own npm setting",
      type: 'select', value: 'unknown', content: JSON.stringify(Object.fromEntries(choices.map((c) => [c, c]))), rule: 'required', weigh: 0,
    },
  ]);
}
