import { useTranslation } from 'react-i18next';
import { APP_ID, APP_SECRET } from '../../../../shared/wechat.ts';
import { SettingsForm, type SettingsField } from './SettingsForm.tsx';

/** wechat/miniProgram: the mini program's AppID and AppSecret, and the sign-in endpoint its code calls. */
export default function MiniProgram() {
  const { t } = useTranslation('admin-screens-wechat');
  const fields: SettingsField[] = [
    { name: 'mini_program_app_id', label: t('fields.appId'), hint: t('hints.miniAppId'), pattern: APP_ID, invalid: 'wechat:appIdInvalid' },
    { name: 'mini_program_app_secret', label: t('fields.appSecret'), pattern: APP_SECRET, invalid: 'wechat:appSecretInvalid' },
  ];
  return (
    <div data-screen="wechat-mini-program">
      <SettingsForm controller="wechat.MiniProgram" fields={fields} title={t('miniProgram.title')}>
        {(answer) => (
          <section className="admin-card" aria-labelledby="mini-login-title">
            <h2 className="h6 fw-semibold mb-2" id="mini-login-title">
              {t('miniProgram.login')}
            </h2>
            <p className="mb-2">
              <code data-mini-login-url="">POST {String(answer.loginUrl ?? '')}</code>
            </p>
            <p className="small text-body-secondary mb-0">{t('miniProgram.loginHint')}</p>
          </section>
        )}
      </SettingsForm>
    </div>
  );
}
