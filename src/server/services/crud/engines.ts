import type { Services } from '../index.ts';
import { ruleRemark } from '../remarks.ts';
import { ResourceEngine } from './engine.ts';
import type { ResourceUnit } from './unit.ts';

/**
 * The engine of each resource unit, built when first used and kept while its unit stays the same (a
 * generated unit that changes is a new unit, so it gets a new engine).
 */
export class Engines {
  private readonly built = new WeakMap<ResourceUnit, ResourceEngine>();

  constructor(private readonly servicesOf: () => Services) {}

  private get services(): Services {
    return this.servicesOf();
  }

  /** The engine of a registered resource, or undefined for a name the registry does not know. */
  of(name: string): ResourceEngine | undefined {
    const unit = this.services.resources.unit(name);
    return unit ? this.for(unit) : undefined;
  }

  /** The engine of the resource whose rule name this is (a recycle or sensitive-data rule's `controller_as`). */
  byRuleName(name: string): ResourceEngine | undefined {
    const unit = this.services.resources.units().find((u) => u.def.name.toLowerCase() === name.toLowerCase());
    return unit ? this.for(unit) : undefined;
  }

  /** The engine of the resource that manages a table. */
  byTable(table: string): ResourceEngine | undefined {
    const def = this.services.resources.byTable(table);
    return def ? this.of(def.name) : undefined;
  }

  /** The engine of a unit, registered or not (the generator's own log). */
  for(unit: ResourceUnit): ResourceEngine {
    let engine = this.built.get(unit);
    if (!engine) {
      const { knex, settings, resources } = this.services;
      engine = new ResourceEngine({
        knex,
        def: unit.def,
        behaviour: unit.behaviour?.(this.services) ?? {},
        resolve: (name) => resources.find(name),
        timeZone: () => settings.timeZone(),
        remark: (call) => ruleRemark(knex, unit.def.name, call.t),
        secrets: this.services.rowSecrets,
        setting: (name) => settings.get(name),
        snowflakeId: () => this.services.snowflake.next(),
        exactCountLimit: this.services.config.listExactCount,
        invalidate: (tags) => (tags === 'all' ? this.services.caches.clearAll().then(() => undefined) : this.services.caches.invalidate(tags)),
        capabilities: {
          check: (def, row) => this.services.signups.checkDates(def, row),
          guardDelete: (def, rows, trx) => this.services.signups.guardDelete(def, rows, trx),
          changed: async (def, keys, trx) => {
            await this.services.signups.rowsChanged(def, keys, trx);
            await this.services.search.follow(def, keys, trx);
          },
        },
      });
      this.built.set(unit, engine);
    }
    return engine;
  }
}
