import sensitiveData from '../../../resources/security/sensitiveData.ts';
import { CrudPage } from '../crud/index.ts';
import { RuleForm } from './security/RuleForm.tsx';

/**
 * security/sensitiveData: which fields of which admin functions have their changes logged; the form picks
 * the function, its table and the watched columns with their titles.
 */
export default function SensitiveRules() {
  return (
    <div data-screen="sensitive-rules">
      <CrudPage def={sensitiveData} renderForm={(form) => <RuleForm def={sensitiveData} watchFields {...form} />} />
    </div>
  );
}
