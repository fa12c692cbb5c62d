import { useTranslation } from 'react-i18next';
import sensitiveData from '../../../resources/security/sensitiveData.ts';
import { ListScreen } from './security/ListScreen.tsx';
import { RuleForm } from './security/RuleForm.tsx';

/**
 * security/sensitiveData: which fields of which admin functions have their changes logged; the form picks
 * the function, its table and the watched columns with their titles.
 */
export default function SensitiveRules() {
  const { t } = useTranslation('crud-ui');
  return (
    <div data-screen="sensitive-rules">
      <ListScreen
        def={sensitiveData}
        actions={['add', 'edit', 'del']}
        form={(props) => <RuleForm def={sensitiveData} watchFields {...props} />}
        deleteMessage={(count) => (count === 1 ? t('confirm.deleteOne') : t('confirm.deleteMany', { count }))}
      />
    </div>
  );
}
