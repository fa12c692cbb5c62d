import { formFields } from '../../../resources/schema.ts';
import userGroup from '../../../resources/user/group.ts';
import { CrudPage } from '../crud/index.ts';
import { GroupsForm } from './GroupsForm.tsx';

const def = userGroup;
const FORM_FIELDS = formFields(def).filter((f) => f.name !== 'rules');

/**
 * user/group: member groups, the generic paginated list (reference 3.6) with the group form of the role
 * groups: the member centre's rules as a checkbox tree.
 */
export default function MemberGroups() {
  return <CrudPage def={def} renderForm={(form) => <GroupsForm def={def} ruleIndex="/admin/user.Rule/index" fields={FORM_FIELDS} {...form} />} />;
}
