import { useTranslation } from 'react-i18next';

/** The star after a required field's label, with its spoken form (a star alone is not read out). */
export function RequiredMark() {
  const { t } = useTranslation('crud-ui');
  return (
    <>
      <span className="text-danger ms-1" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden"> ({t('form.required')})</span>
    </>
  );
}
