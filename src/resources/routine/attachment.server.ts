import { fileSuffix } from '../../shared/upload.ts';
import { Refusal, Success } from '../../server/errors.ts';
import { withAccounts } from '../../server/services/accountNames.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import attachmentResource from './attachment.ts';

const TOPIC = /^[A-Za-z0-9_-]{1,20}$/;

/**
 * routine/attachment (reference 3.11, fixed): the list shows who uploaded (display columns only), edit
 * changes only the name and the topic, and delete removes the files of the deleted rows once the deletion
 * is committed.
 */
export default defineUnit(attachmentResource, ({ knex, upload, log }) => ({
  async output(rows, call) {
    const cdn = await upload.cdnUrl(new URL(call.origin).host);
    // The resized copies (`variants`) are the portal's own: the list answers BuildAdmin's columns.
    const shown = rows.map(({ variants: _variants, ...row }) => ({ ...row, suffix: fileSuffix(String(row.url ?? '')), full_url: cdn + String(row.url ?? '') }));
    return withAccounts(knex, shown, { admin: 'admin_id', user: 'user_id' });
  },
  beforeSave(data) {
    if ('topic' in data && !TOPIC.test(String(data.topic))) throw new Refusal('upload:topicFormat');
    return data;
  },
  async deleted(rows) {
    let failure = '';
    // A url's resized copies, as the deleted rows list them.
    const variants = new Map(rows.map((r) => [String(r.url), typeof r.variants === 'string' ? r.variants : '']));
    for (const [url, copies] of variants) {
      // Another row may still point at the same file (an upload repeated after its file went missing).
      if (await knex('attachment').where({ url }).first()) continue;
      await upload.removeFile(url, copies).catch((err: unknown) => {
        log.warn({ err, url }, 'attachment file not deleted');
        failure = err instanceof Error ? err.message : String(err);
      });
    }
    return failure
      ? new Success(null, 'admin-routine:attachmentsDeletedWithError', { count: rows.length, error: failure })
      : new Success(null, 'admin-routine:attachmentsDeleted', { count: rows.length });
  },
}));
