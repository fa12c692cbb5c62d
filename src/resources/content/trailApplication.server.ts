import type { SectionKey } from '../../shared/sections.ts';
import type { Knex } from 'knex';
import { PUBLISHED } from '../../shared/content.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import { localizedText } from '../../shared/localized.ts';
import { reviewSchema } from '../../shared/schemas/trail.ts';
import { serverT } from '../../server/i18n.ts';
import { bilingual } from '../../server/services/bilingual.ts';
import { now } from '../../server/services/clock.ts';
import { notifyMember } from '../../server/services/memberMessages.ts';
import trailApplicationResource from './trailApplication.ts';
import trailResource from './trail.ts';
import type { Call, Row } from '../../server/services/crud/call.ts';
import type { Services } from '../../server/services/index.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { parseInput } from '../../server/validate.ts';
import { Refusal, Success } from '../../server/errors.ts';

/** Public pages that list trails: the trail pages, the home pages and the city pages (tag 'canal'). */
const PUBLIC_TAGS: SectionKey[] = ['trail', 'home', 'canal', 'canals'];

type Decision = 'approved' | 'rejected';

function photosOf(row: Row): string[] {
  return String(row.photos ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

/** The pending application, claimed for this decision inside the transaction; anything else is refused. */
async function claim(trx: Knex.Transaction, id: number, decision: Decision, adminId: number, remark: string): Promise<Row> {
  const row = await trx('trail_application').where({ id }).first<Row | undefined>();
  if (!row) throw new Refusal('crud:recordNotFound');
  const time = now();
  // Conditional on the status, so two reviewers deciding at once cannot both succeed.
  const claimed = await trx('trail_application')
    .where({ id, status: 'pending' })
    .update({ status: decision, remark, admin_id: adminId, review_time: time, update_time: time });
  if (claimed === 0) {
    throw new Refusal(row.status === 'approved' ? 'trail:error.alreadyApproved' : row.status === 'rejected' ? 'trail:error.alreadyRejected' : 'trail:error.notPending');
  }
  return row;
}

/** A published trail listing from the proposal: its photos are the gallery, the first one the cover. */
async function publish(trx: Knex.Transaction, application: Row): Promise<number> {
  const canal = await trx('canal').where({ id: application.canal_id }).first<Row | undefined>('id');
  if (!canal) throw new Refusal('trail:error.canalGone');
  // A city removed or moved to another section since the application is left out rather than refused.
  const city = application.city_id ? await trx('canal_city').where({ id: application.city_id, canal_id: application.canal_id }).first<Row | undefined>('id') : undefined;
  const photos = photosOf(application);
  const time = now();
  const [inserted] = await trx('trail')
    .insert({
      title: application.title,
      title_en: application.title_en,
      summary: application.summary ?? '',
      summary_en: application.summary_en ?? '',
      canal_id: application.canal_id,
      city_id: city ? application.city_id : null,
      length_km: application.length_km,
      duration_min: application.duration_min,
      difficulty: application.difficulty,
      route: application.route ?? '',
      route_en: application.route_en ?? '',
      cover: photos[0] ?? application.cover ?? '',
      gallery: photos.join(','),
      status: PUBLISHED,
      create_time: time,
      update_time: time,
    })
    .returning('id');
  const trailId = typeof inserted === 'object' ? Number((inserted as Row).id) : Number(inserted);
  // New listings go to the top of the list, as the generic add does (weigh = id).
  await trx('trail').where({ id: trailId }).update({ weigh: trailId });
  return trailId;
}

/** Tells the member in their inbox, in both languages (their language is not stored), like the ledgers do. */
async function notify(trx: Knex.Transaction, application: Row, decision: Decision, remark: string, trailUrl: string): Promise<void> {
  const content = (lang: Lang) => {
    const t = serverT(lang, 'trail');
    const title = localizedText(application, 'title', lang).text;
    const body = t(decision === 'approved' ? 'message.approvedContent' : 'message.rejectedContent', { title, url: trailUrl, remark });
    return decision === 'approved' && remark ? `${body} ${t('message.remark', { remark })}` : body;
  };
  await notifyMember(trx, Number(application.user_id), {
    title: bilingual('trail', decision === 'approved' ? 'message.approvedTitle' : 'message.rejectedTitle'),
    content: { zh: content('zh-cn'), en: content('en') },
  });
}

/** Decides a pending application: the decision, the published trail, the member told; one transaction. */
async function review(services: Services, call: Call, decision: Decision): Promise<Success<{ trail_id: number | null }>> {
  const { knex } = services;
  const { id, remark } = parseInput(reviewSchema(decision === 'rejected'), call.input);
  let trailId: number | null = null;
  await knex.transaction(async (trx) => {
    const application = await claim(trx, id, decision, call.actor.admin.id, remark);
    let url = '';
    if (decision === 'approved') {
      trailId = await publish(trx, application);
      await trx('trail_application').where({ id }).update({ trail_id: trailId });
      // Written beside the resource engine: the search index follows here, in the same transaction.
      await services.search.follow(trailResource, [String(trailId)], trx);
      url = `${call.origin}/trail/info?id=${trailId}`;
    }
    await notify(trx, application, decision, remark, url);
  });
  if (decision === 'approved') await services.caches.invalidate(PUBLIC_TAGS);
  return new Success({ trail_id: trailId }, decision === 'approved' ? 'trail:review.approved' : 'trail:review.rejected');
}

/**
 * The review of members' trail applications (`/admin/content.TrailApplication/...`): the generic list and
 * delete, the application with its member and photos (no edit form: an application is decided, not edited),
 * and approve / reject, each under its own rule (`content/trailApplication/approve|reject`, seeded by
 * db/seeds/011).
 */
export default defineUnit(trailApplicationResource, (services) => ({
  actions: {
    edit: {
      async get(call, engine) {
        const row = await engine.row(call);
        const member = await services.knex('user').where({ id: row.user_id }).first<Row | undefined>('username', 'nickname');
        return { row: { ...row, user: { username: String(member?.username ?? ''), nickname: String(member?.nickname ?? '') }, photos: photosOf(row) } };
      },
    },
    approve: { post: (call) => review(services, call, 'approved') },
    reject: { post: (call) => review(services, call, 'rejected') },
  },
}));
