import type { Services } from '../../server/services/index.ts';
import { UploadRefused, type Uploader } from '../../server/services/upload.ts';
import type { DirectUploadTicket } from '../../shared/upload.ts';
import type { UploadedFile } from '../../shared/upload.ts';
import type { ApiRequest, ApiRoute } from '../types.ts';
import { Refusal, Success } from '../../server/errors.ts';

/**
 * Direct uploads to the bucket (s3 mode): `params` hands the uploader a presigned POST for one described
 * file; once the bucket has it, `callback` checks the stored object and records it like an upload. Members
 * need the same rule as for uploading through the portal; admins only a login, as for `/admin/ajax/upload`.
 */
export function directUploadRoutes(services: Services): ApiRoute[] {
  async function refusing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof UploadRefused) throw new Refusal(`upload:${err.key}`, 0, null, err.params);
      throw err;
    }
  }

  const params = async (req: ApiRequest): Promise<Success<DirectUploadTicket>> => new Success(await refusing(() => services.upload.directUpload(req.input)), 'upload:direct.ready');
  const callback = async (req: ApiRequest, uploader: Uploader): Promise<Success<{ file: UploadedFile }>> =>
    new Success({ file: await refusing(() => services.upload.directCallback(req.ctx, req.input, uploader)) }, 'upload:uploaded');

  return [
    { methods: ['POST'], path: '/api/Alioss/params', auth: 'userRule', rule: 'ajax/upload', handler: (req) => params(req) },
    { methods: ['POST'], path: '/admin/Alioss/params', auth: 'admin', handler: (req) => params(req) },
    {
      methods: ['POST'],
      path: '/api/Alioss/callback',
      auth: 'userRule',
      rule: 'ajax/upload',
      handler: (req) => callback(req, { adminId: 0, userId: req.user!.id }),
    },
    {
      methods: ['POST'],
      path: '/admin/Alioss/callback',
      auth: 'admin',
      logTitle: 'Upload',
      handler: (req) => callback(req, { adminId: req.admin!.id, userId: 0 }),
    },
  ];
}
