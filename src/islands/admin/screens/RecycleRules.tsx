import { useTranslation } from 'react-i18next';
import dataRecycle from '../../../resources/security/dataRecycle.ts';
import { ListScreen } from './security/ListScreen.tsx';
import { RuleForm } from './security/RuleForm.tsx';

/** security/dataRecycle: which admin functions keep the rows they delete; the form picks the function and its table. */
export default function RecycleRules() {
  const { t } = useTranslation('crud-ui');
  return (
    <div data-screen="recycle-rules">
      <ListScreen
        def={dataRecycle}
        actions={['add', 'edit', 'del']}
        form={(props) => <RuleForm def={dataRecycle} watchFields={false} {...props} />}
        deleteMessage={(count) => (count === 1 ? t('confirm.deleteOne') : t('confirm.deleteMany', { count }))}
      />
    </div>
  );
}
