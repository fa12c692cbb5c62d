import { securityRuleResource } from './rules.ts';

/** security/dataRecycle: which admin functions copy the rows they delete to the recycle bin (reference 3.13). */
export default securityRuleResource({
  name: 'security/dataRecycle',
  table: 'security_data_recycle',
  fields: [],
  menu: { icon: 'fa fa-database', weigh: 82 },
});
