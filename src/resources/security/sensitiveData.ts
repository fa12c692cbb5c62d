import { securityRuleResource } from './rules.ts';

/**
 * security/sensitiveData: which fields of which admin functions have their edits logged (reference 3.15).
 * `data_fields` is stored as JSON `{column: title}`, rebuilt from the posted columns and their titles.
 */
export default securityRuleResource({
  name: 'security/sensitiveData',
  table: 'security_sensitive_data',
  fields: [{ name: 'data_fields', type: 'selects', form: false, list: { render: 'tags', operator: false } }],
  menu: { icon: 'fa fa-expeditedssl', weigh: 81 },
});
