import { useTranslation } from 'react-i18next';

/** A tree row's edit and delete buttons, named for the row; an absent handler leaves its button out. */
export function TreeRowButtons({ title, onEdit, onDelete }: { title: string; onEdit?: (() => void) | false; onDelete?: (() => void) | false }) {
  const { t } = useTranslation('admin-screens-auth');
  return (
    <>
      {onEdit && (
        <button type="button" className="btn btn-sm btn-outline-primary" aria-label={t('tree.edit', { title })} title={t('crud-ui:list.edit')} onClick={onEdit} data-action="edit">
          <i className="bi bi-pencil" aria-hidden="true" />
        </button>
      )}
      {onDelete && (
        <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t('tree.delete', { title })} title={t('crud-ui:list.delete')} onClick={onDelete} data-action="delete">
          <i className="bi bi-trash" aria-hidden="true" />
        </button>
      )}
    </>
  );
}
