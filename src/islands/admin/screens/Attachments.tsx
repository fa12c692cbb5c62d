import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import attachment from '../../../resources/routine/attachment.ts';
import { CrudPage, type Row } from '../crud/index.ts';
import { accountColumn, fileSize, hiddenColumn, thumbnailOf } from './security/records.ts';

const def = attachment;
/** Only the display name and the topic can be changed (admin-api 3.11, fixed). */
const FORM_FIELDS = ['name', 'topic'].map((name) => def.fields.find((f) => f.name === name)!);
/** Uploaders by name; the MIME type (the thumbnail already tells the kind) on demand. */
const COLUMN_AS = { admin_id: accountColumn('admin_id'), user_id: accountColumn('user_id'), mimetype: hiddenColumn(def, 'mimetype') };

/**
 * routine/attachment: uploaded files with a thumbnail (the picture, or its file type's icon), the size in KB
 * or MB, how often it was uploaded and by whom, and a link that opens the file. Edit changes the name and
 * topic only; delete says the file goes too.
 */
export default function Attachments() {
  const { t } = useTranslation('admin-screens-routine');
  const shape = useCallback(
    (row: Row): Row => {
      const size = fileSize(Number(row.size));
      // The type icons are served by this site, whatever origin serves the files.
      return { ...row, url: thumbnailOf(row, window.location.origin), size: t(`attachment.size${size.unit}`, { value: size.value }) };
    },
    [t],
  );
  return (
    <div data-screen="attachments">
      <CrudPage
        def={def}
        columnAs={COLUMN_AS}
        shape={shape}
        formFields={FORM_FIELDS}
        deleteMessage={(count) => (count === 1 ? t('attachment.deleteOne') : t('attachment.deleteMany', { count }))}
        rowActions={(row) =>
          typeof row.full_url === 'string' && (
            <a
              className="btn btn-sm btn-outline-secondary"
              href={row.full_url}
              target="_blank"
              rel="noopener noreferrer"
              title={t('attachment.open')}
              aria-label={t('attachment.openOf', { name: String(row.name ?? '') })}
              data-action="open"
            >
              <i className="bi bi-box-arrow-up-right" aria-hidden="true" />
            </a>
          )
        }
      />
    </div>
  );
}
