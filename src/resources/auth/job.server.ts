import { Refusal } from '../../server/errors.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { assertUnused } from '../../server/services/organisation.ts';
import jobResource from './job.ts';

/** A job code: letters, digits, '_' and '-', a letter first (it names the job in exports and integrations). */
const JOB_CODE = /^[A-Za-z][A-Za-z0-9_-]{0,49}$/;

/** auth/job: the generic CRUD, with unique codes (compared case-insensitively) and no deleting a held job. */
export default defineUnit(jobResource, () => ({
  async beforeSave(data, { trx, current }) {
    if (typeof data.code === 'string') {
      if (!JOB_CODE.test(data.code)) throw new Refusal('organisation:jobCodeInvalid');
      const taken = await trx('job').whereRaw('lower(code) = ?', [data.code.toLowerCase()]).whereNot('id', Number(current?.id ?? 0)).first();
      if (taken) throw new Refusal('organisation:jobCodeTaken', 0, null, { code: data.code });
    }
    return data;
  },
  async beforeDelete(rows, { trx }) {
    await assertUnused(trx, 'job_id', rows.map((r) => Number(r.id)));
    return rows;
  },
}));
