import type { Knex } from 'knex';
import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import { PUBLISHED } from '../../shared/content.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import { pageSchema } from '../../shared/schemas/account.ts';
import { trailApplicationSchema, type MemberApplication, type TrailApplicationData, type TrailDraft, type TrailOptions } from '../../shared/schemas/trail.ts';
import { now } from '../../server/services/clock.ts';
import { localize } from '../../server/services/content.ts';
import { sanitizeRichText } from '../../server/services/richText.ts';
import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';
import { parseInput } from '../../server/validate.ts';
import { Refusal, Success } from '../../server/errors.ts';

/** The member-centre menu rule that grants the feature (seed 011): applying and listing go together. */
const MEMBER_RULE = 'account/trailApplication';
/** Waiting applications a member may have at once, so one account cannot flood the review queue. */
const MAX_PENDING = 5;

type Row = Record<string, unknown>;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A member's plain-text description as the HTML the trail pages print: blank lines separate paragraphs,
 * single line breaks stay. Everything is escaped first, and the result still goes through the sanitiser.
 */
function plainTextToHtml(text: string): Promise<string> {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map((line) => escapeHtml(line.trim())).join('<br />')}</p>`);
  return sanitizeRichText(paragraphs.join(''));
}

/** The paragraphs back as the member typed them, for changing a rejected application. */
function htmlToPlainText(html: string): string {
  const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return html
    .split(/<\/p>/i)
    .map((p) => unescape(p.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')).trim())
    .filter(Boolean)
    .join('\n\n');
}

/** The member's own rejected application, the only kind that may be changed and sent again. */
async function ownRejected(knex: Knex, userId: number, id: number): Promise<Row> {
  const row = await knex('trail_application').where({ id, user_id: userId }).first<Row | undefined>();
  if (!row) throw new Refusal('crud:recordNotFound');
  if (row.status !== 'rejected') throw new Refusal('trail:error.notRejected');
  return row;
}

const idSchema = lazySchema(() => z.object({ id: z.coerce.number({ message: 'crud:parameterError' }).int({ message: 'crud:parameterError' }).positive({ message: 'crud:parameterError' }) }));
/** Applying again: the id of the rejected application being changed, when there is one. */
const againSchema = lazySchema(() => z.object({ id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema().shape.id.optional()) }));

/** Published canal sections and their published cities, in the caller's language, in display order. */
async function trailOptions(knex: Knex, lang: Lang): Promise<TrailOptions> {
  const canals = (await knex('canal').where({ status: PUBLISHED }).select('id', 'name', 'name_en').orderBy([{ column: 'weigh', order: 'desc' }, { column: 'id', order: 'desc' }])) as Row[];
  const cities = (await knex('canal_city')
    .where({ status: PUBLISHED })
    .select('id', 'canal_id', 'name', 'name_en')
    .orderBy([{ column: 'weigh', order: 'desc' }, { column: 'id', order: 'desc' }])) as Row[];
  return {
    canals: canals.map((c) => ({
      id: Number(c.id),
      name: localize(c, 'name', lang).text,
      cities: cities.filter((city) => Number(city.canal_id) === Number(c.id)).map((city) => ({ id: Number(city.id), name: localize(city, 'name', lang).text })),
    })),
  };
}

/** The canal must be public, and the city (when given) public and on that canal. */
async function checkPlace(knex: Knex, data: TrailApplicationData): Promise<void> {
  const canal = await knex('canal').where({ id: data.canal_id, status: PUBLISHED }).first<Row | undefined>('id');
  if (!canal) throw new Refusal('trail:error.canalUnknown', 0, { field: 'canal_id' });
  if (data.city_id === null) return;
  const city = await knex('canal_city').where({ id: data.city_id, status: PUBLISHED }).first<Row | undefined>('canal_id');
  if (!city || Number(city.canal_id) !== data.canal_id) throw new Refusal('trail:error.cityMismatch', 0, { field: 'city_id' });
}

/**
 * Photos must be images this member uploaded (their own attachment rows): never arbitrary URLs, never
 * another member's files.
 */
async function checkPhotos(knex: Knex, userId: number, photos: readonly string[]): Promise<void> {
  const rows = (await knex('attachment').where({ user_id: userId }).whereIn('url', photos).where('width', '>', 0).select('url')) as Row[];
  const own = new Set(rows.map((r) => String(r.url)));
  if (photos.some((url) => !own.has(url))) throw new Refusal('trail:error.photoNotYours', 0, { field: 'photos' });
}

/**
 * The member side of trail applications: the form's choices, applying (a pending application for the
 * admins to review) and the member's own applications with their review.
 */
export function trailRoutes(services: Services): ApiRoute[] {
  const { knex } = services;
  return [
    {
      methods: ['GET'],
      path: '/api/trail/options',
      auth: 'none',
      handler: ({ ctx }) => trailOptions(knex, ctx.state.lang),
    },
    {
      methods: ['POST'],
      path: '/api/trail/apply',
      auth: 'userRule',
      rule: MEMBER_RULE,
      rateLimit: { max: 20, windowSec: 600 },
      async handler({ ctx, user, input }) {
        const data = parseInput(trailApplicationSchema(ctx.state.lang), input);
        const { id: again } = parseInput(againSchema(), input);
        if (again) await ownRejected(knex, user!.id, again);
        await checkPlace(knex, data);
        await checkPhotos(knex, user!.id, data.photos);
        const [{ n }] = (await knex('trail_application').where({ user_id: user!.id, status: 'pending' }).count<{ n: number }[]>('id as n')) as [{ n: number }];
        if (Number(n) >= MAX_PENDING) throw new Refusal('trail:error.tooManyPending', 0, null, { max: MAX_PENDING });
        const time = now();
        const proposal = {
          title: data.title,
          title_en: data.title_en,
          summary: data.summary,
          summary_en: data.summary_en,
          canal_id: data.canal_id,
          city_id: data.city_id,
          length_km: Math.round(data.length_km * 100) / 100,
          duration_min: data.duration_min,
          difficulty: data.difficulty,
          route: await plainTextToHtml(data.route),
          route_en: data.route_en ? await plainTextToHtml(data.route_en) : '',
          cover: data.photos[0],
          photos: data.photos.join(','),
          status: 'pending',
          update_time: time,
        };
        if (again) {
          // Back in the queue as a fresh proposal: the earlier decision no longer applies. Conditional on the
          // status, so a second send of the same change cannot queue it twice.
          const changed = await knex('trail_application')
            .where({ id: again, user_id: user!.id, status: 'rejected' })
            .update({ ...proposal, remark: '', admin_id: null, review_time: null });
          if (changed === 0) throw new Refusal('trail:error.notRejected');
          return new Success({ id: again }, 'trail:applied');
        }
        const [inserted] = await knex('trail_application')
          .insert({ ...proposal, user_id: user!.id, create_time: time })
          .returning('id');
        const id = typeof inserted === 'object' ? Number((inserted as Row).id) : Number(inserted);
        return new Success({ id }, 'trail:applied');
      },
    },
    {
      methods: ['GET'],
      path: '/api/trail/application',
      auth: 'userRule',
      rule: MEMBER_RULE,
      async handler({ user, input }): Promise<TrailDraft> {
        const { id } = parseInput(idSchema(), input);
        const row = await ownRejected(knex, user!.id, id);
        const text = (name: string) => String(row[name] ?? '');
        return {
          id,
          title: text('title'),
          title_en: text('title_en'),
          summary: text('summary'),
          summary_en: text('summary_en'),
          canal_id: String(row.canal_id ?? ''),
          city_id: row.city_id === null || row.city_id === undefined ? '' : String(row.city_id),
          length_km: String(Number(row.length_km)),
          duration_min: String(row.duration_min ?? ''),
          difficulty: text('difficulty'),
          route: htmlToPlainText(text('route')),
          route_en: htmlToPlainText(text('route_en')),
          photos: text('photos').split(',').filter(Boolean),
          remark: text('remark'),
        };
      },
    },
    {
      methods: ['GET'],
      path: '/api/trail/applications',
      auth: 'userRule',
      rule: MEMBER_RULE,
      async handler({ ctx, user, input }) {
        const { page, limit } = parseInput(pageSchema(), input);
        const lang: Lang = ctx.state.lang;
        const base = knex('trail_application').where('trail_application.user_id', user!.id);
        const [{ total }] = (await base.clone().count<{ total: number }[]>('trail_application.id as total')) as [{ total: number }];
        const rows = (await base
          .leftJoin('canal', 'canal.id', 'trail_application.canal_id')
          .leftJoin('canal_city', 'canal_city.id', 'trail_application.city_id')
          // Only a trail that is still public gets a link; one taken down since would answer 404.
          .leftJoin('trail', function () {
            this.on('trail.id', '=', 'trail_application.trail_id').andOnVal('trail.status', '=', PUBLISHED);
          })
          .select(
            'trail_application.id',
            'trail_application.title',
            'trail_application.title_en',
            'trail_application.cover',
            'trail_application.status',
            'trail_application.remark',
            'trail_application.review_time',
            'trail_application.create_time',
            'trail.id as trail_id',
            'canal.name as canal_name',
            'canal.name_en as canal_name_en',
            'canal_city.name as city_name',
            'canal_city.name_en as city_name_en',
          )
          .orderBy('trail_application.id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)) as Row[];
        const list: MemberApplication[] = rows.map((r) => ({
          id: Number(r.id),
          title: localize(r, 'title', lang).text,
          cover: String(r.cover ?? ''),
          canal: localize(r, 'canal_name', lang).text,
          city: localize(r, 'city_name', lang).text,
          status: r.status === 'approved' || r.status === 'rejected' ? r.status : 'pending',
          remark: String(r.remark ?? ''),
          review_time: r.review_time === null || r.review_time === undefined ? null : Number(r.review_time),
          create_time: Number(r.create_time),
          trail_id: r.trail_id === null || r.trail_id === undefined ? null : Number(r.trail_id),
        }));
        return { list, total: Number(total) };
      },
    },
  ];
}
