import attachmentResource from '../../../resources/routine/attachment.ts';
import { fileSuffix } from '../../../shared/upload.ts';
import { withAccounts } from '../../../server/services/accountNames.ts';
import type { Row } from '../../../server/services/crud/security.ts';
import type { Services } from '../../../server/services/index.ts';
import { ruleRemark } from '../../../server/services/remarks.ts';
import type { ApiRequest, ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';
import { Refusal, Success } from '../../../server/errors.ts';

const TOPIC = /^[A-Za-z0-9_-]{1,20}$/;

/**
 * routine/attachment (reference 3.11, fixed): the list shows who uploaded (display columns only), edit
 * changes only the name and the topic, and delete removes the files of the deleted rows once the deletion
 * is committed.
 */
export function attachmentRoutes(services: Services): ApiRoute[] {
  const { knex, upload } = services;
  const deleted = new WeakMap<ApiRequest, Row[]>();
  const cdnOf = (req: ApiRequest) => upload.cdnUrl(req.ctx);

  const { engine, routes } = crudRoutes(services, attachmentResource, {
    actions: ['edit'],
    hooks: {
      async output(row, req) {
        return { ...row, suffix: fileSuffix(String(row.url ?? '')), full_url: (await cdnOf(req)) + String(row.url ?? '') };
      },
      beforeSave(data) {
        if ('topic' in data && !TOPIC.test(String(data.topic))) throw new Refusal('upload:topicFormat');
        return data;
      },
      afterDelete(rows, { req }) {
        deleted.set(req, rows);
      },
    },
  });

  return [
    ...routes,
    {
      methods: ['GET'],
      path: '/admin/routine.Attachment/index',
      auth: 'adminRule',
      async handler(req) {
        const result = await engine.index(req, await ruleRemark(knex, attachmentResource.name, req.ctx.state.t));
        return { ...result, list: await withAccounts(knex, result.list, { admin: 'admin_id', user: 'user_id' }) };
      },
    },
    {
      methods: ['DELETE'],
      path: '/admin/routine.Attachment/del',
      auth: 'adminRule',
      async handler(req) {
        await engine.del(req);
        const rows = deleted.get(req) ?? [];
        let failure = '';
        for (const url of new Set(rows.map((r) => String(r.url)))) {
          // Another row may still point at the same file (an upload repeated after its file went missing).
          if (await knex('attachment').where({ url }).first()) continue;
          await upload.removeFile(url).catch((err: unknown) => {
            services.log.warn({ err, url }, 'attachment file not deleted');
            failure = err instanceof Error ? err.message : String(err);
          });
        }
        return failure
          ? new Success(null, 'admin-routine:attachmentsDeletedWithError', { count: rows.length, error: failure })
          : new Success(null, 'admin-routine:attachmentsDeleted', { count: rows.length });
      },
    },
  ];
}
