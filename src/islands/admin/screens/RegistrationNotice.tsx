import { useTranslation } from 'react-i18next';
import { useAdmin } from '../context.ts';
import { adminHref } from '../navigation.ts';

/** The config groups whose settings let the site send codes, and so let members register. */
const GROUPS = ['mail', 'sms'] as const;

/**
 * On the dashboard while no member can register: registration and password resets need a code sent by mail or
 * SMS. Admins who may change the settings get a link to each group (the shell takes the click).
 */
export function RegistrationNotice() {
  const { t } = useTranslation('admin');
  const { adminBase, auth } = useAdmin();
  const editable = auth({ name: 'routine/config', node: 'edit' });
  return (
    <div className="alert alert-warning" role="status" data-registration-closed="">
      <h2 className="h6 fw-semibold">{t('dashboard.registrationClosed.title')}</h2>
      <p className="mb-0">{t('dashboard.registrationClosed.why')}</p>
      {editable ? (
        <p className="mb-0 mt-2 d-flex flex-wrap gap-2">
          {GROUPS.map((group) => (
            <a key={group} className="btn btn-sm btn-outline-dark" href={adminHref(adminBase, `routine/config?group=${group}`)} data-open-settings={group}>
              {t(`dashboard.registrationClosed.${group}`)}
            </a>
          ))}
        </p>
      ) : (
        <p className="mb-0 mt-2">{t('dashboard.registrationClosed.askSuper')}</p>
      )}
    </div>
  );
}
