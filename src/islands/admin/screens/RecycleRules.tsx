import dataRecycle from '../../../resources/security/dataRecycle.ts';
import { CrudPage } from '../crud/index.ts';
import { RuleForm } from './security/RuleForm.tsx';

/** security/dataRecycle: which admin functions keep the rows they delete; the form picks the function and its table. */
export default function RecycleRules() {
  return (
    <div data-screen="recycle-rules">
      <CrudPage def={dataRecycle} renderForm={(form) => <RuleForm def={dataRecycle} watchFields={false} {...form} />} />
    </div>
  );
}
