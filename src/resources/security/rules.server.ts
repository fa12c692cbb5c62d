import type { Knex } from 'knex';
import type { ResourceDef } from '../types.ts';
import type { Behaviour } from '../../server/services/crud/unit.ts';
import { normaliseRule, ruleFormData, type RuleKind } from '../../server/services/securityRules.ts';

/**
 * What the recycle and sensitive-data rules share (reference 3.13, 3.15): their add and edit forms get the
 * functions a rule may name with their tables and columns; a saved rule names a known function once, and
 * its table and key default to the function's own.
 */
export function securityRuleBehaviour(knex: Knex, resources: () => readonly ResourceDef[], kind: RuleKind): Behaviour {
  const table = kind === 'recycle' ? 'security_data_recycle' : 'security_sensitive_data';
  return {
    addForm: () => ruleFormData(knex, kind, resources()),
    editForm: async (row) => ({ row, ...(await ruleFormData(knex, kind, resources())) }),
    beforeSave: (data, ctx) => normaliseRule(ctx.trx, kind, table, data, resources(), ctx.current),
  };
}
