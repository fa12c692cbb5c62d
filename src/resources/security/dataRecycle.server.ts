import { defineUnit } from '../../server/services/crud/unit.ts';
import { securityRuleBehaviour } from './rules.server.ts';
import dataRecycleResource from './dataRecycle.ts';

/** security/dataRecycle (reference 3.13): which admin functions copy deleted rows to the recycle bin. */
export default defineUnit(dataRecycleResource, ({ knex, resources }) => securityRuleBehaviour(knex, () => resources.all(), 'recycle'));
