import type { Knex } from 'knex';
import type { Lang } from '../../shared/i18n/langs.ts';
import type { Build, Params, Reads, Row } from '../reads.ts';
import type { ResourceLookup } from '../../resources/lookup.ts';
import { publishingOf } from '../../resources/publishing.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { localizedText } from '../../shared/localized.ts';
import { centsToYuan } from '../../shared/account.ts';
import { cancelDeadline, optionalTime, type SignupFacts } from '../../shared/activity.ts';
import { now } from './clock.ts';
import { onVisible, whereVisible } from './publicVisibility.ts';
import type { KeptReads } from './keptReads.ts';
import { ResponsiveImages } from './responsiveImages.ts';
import {
  ACTIVITY_STAGES,
  DIFFICULTIES,
  MEMBER_KINDS,
  PAGE_SIZE,
  type ActivityCard,
  type ActivityDetail,
  type ActivityStage,
  type ArticleCard,
  type ArticleLink,
  type ArticleDetail,
  type ArticleList,
  type CanalCard,
  type CanalDetail,
  type CityCard,
  type CityDetail,
  type ContentReader,
  type Difficulty,
  type ForumItem,
  type HomeData,
  type LocalText,
  type MemberCard,
  type MemberKind,
  type Paged,
  type Ref,
  type TourData,
  type TrailCard,
  type TrailDetail,
} from '../../shared/content.ts';

function str(row: Row, column: string): string {
  const v = row[column];
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

/** Numbers may come back as strings (PostgreSQL bigint and count): always coerce. */
function num(row: Row, column: string): number {
  const v = Number(row[column]);
  return Number.isFinite(v) ? v : 0;
}

function numOrNull(row: Row, column: string): number | null {
  const v = row[column];
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The text of a localized field for `lang`: English falls back to Chinese, flagged so the page marks it. */
export function localize(row: Row, field: string, lang: Lang): LocalText {
  return localizedText(row, field, lang);
}

/** Both columns of each localized field, for select lists. */
function cols(table: string, plain: string[], localized: string[]): string[] {
  return [...plain, ...localized.flatMap((f) => [f, `${f}_en`])].map((c) => `${table}.${c}`);
}

/**
 * LIMIT written into the SQL instead of bound: SQLite runs a statement with a bound LIMIT markedly slower (one
 * news row by id took 16.6 µs bound, 9.4 written); a bound OFFSET costs nothing. The counts are the code's own.
 */
function limited(query: Knex.QueryBuilder, count: number): Knex.QueryBuilder {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`not a row count: ${count}`);
  return query.limit(count, { skipBinding: true });
}

/** Skips the rows of the pages before; a stand-in for the count is welcome where knex's types ask a number. */
function offsetBy(query: Knex.QueryBuilder, rows: number | Knex.Raw): Knex.QueryBuilder {
  return query.offset(rows as number);
}

function oneOf<T extends string>(value: string, choices: readonly T[], fallback: T): T {
  return (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** `lat,lng; lat,lng` (or one point per line) → points; malformed pairs are skipped. */
export function parseCourse(text: string): [number, number][] {
  return text
    .split(/[;\n]+/)
    .map((pair) => pair.split(',').map((n) => Number(n.trim())))
    .filter((p): p is [number, number] => p.length === 2 && p.every((n) => Number.isFinite(n)) && Math.abs(p[0]!) <= 90 && Math.abs(p[1]!) <= 180);
}

/** The sign-up columns an activity page prints (SIGNUP_COLUMNS). */
const SIGNUP_FACT_COLUMNS = ['capacity', 'fee', 'signup_start', 'signup_end', 'cancel_end'];

/** An activity's sign-ups as its page prints them; null when it takes none (no closing time). */
function signupFacts(row: Row): SignupFacts | null {
  const closesAt = optionalTime(row.signup_end);
  if (closesAt === null) return null;
  return {
    capacity: num(row, 'capacity'),
    fee: centsToYuan(num(row, 'fee')),
    opensAt: optionalTime(row.signup_start),
    closesAt,
    cancelUntil: cancelDeadline(num(row, 'start_time'), optionalTime(row.cancel_end)),
  };
}

interface Order {
  column: string;
  order: 'asc' | 'desc';
}

const byWeigh: Order[] = [
  { column: 'weigh', order: 'desc' },
  { column: 'id', order: 'desc' },
];

/** News and culture lists: pinned (weigh) first, then the newest. */
const ARTICLE_ORDER: Order[] = [
  { column: 'weigh', order: 'desc' },
  { column: 'publish_time', order: 'desc' },
  { column: 'id', order: 'desc' },
];

/** How many other articles of its category an article links to. */
const RELATED_LINKS = 3;

/** Qualified with the table, since most queries join another table with the same column names. */
function orderBy(table: string, columns: Order[]): Order[] {
  return columns.map((c) => ({ column: `${table}.${c.column}`, order: c.order }));
}

interface SitemapEntry {
  path: string;
  lastmod: number;
}

interface FeedItem {
  id: number;
  title: string;
  summary: string;
  publishTime: number;
}

/** The second a read is made at: a number, or the stand-in of a compiled read's `now` param. */
type At = number | Knex.Raw;

/** The params of every read: the values it differs by, and the second it is made at. */
type Timed<P extends Params> = P & { now: number };

/** One row a preview link shows whatever its state (a draft, a scheduled post). */
export interface PreviewTarget {
  table: string;
  id: number;
}

/**
 * The activity list's order key (migration 20261201090100 indexes the same expression): a start time for what
 * has not ended, and for what has ended a number above every start time that falls as the start time rises.
 */
const ACTIVITY_STAGE_KEY = "CASE WHEN brand_activity.activity_status = 'ended' THEN 20000000000 - brand_activity.start_time ELSE brand_activity.start_time END";

/** Reads what the public may see now for the pages, feeds and sitemap. Drafts and scheduled rows never leave this class. */
export class ContentService implements ContentReader {
  private readonly pictures: ResponsiveImages;

  constructor(
    private readonly knex: Knex,
    private readonly reads: Reads,
    private readonly resources: Pick<ResourceLookup, 'all' | 'find' | 'byTable'>,
    /** Totals and categories kept between renders; a preview reads afresh (its row may be one the public lists leave out). */
    private readonly kept: KeptReads | null = null,
    private readonly preview: PreviewTarget | null = null,
  ) {
    this.pictures = new ResponsiveImages(knex);
  }

  /** A rich-text field for `lang`, its uploaded pictures offered in sizes that fit a phone. */
  private async richText(row: Row, field: string, lang: Lang): Promise<LocalText> {
    const value = localize(row, field, lang);
    return { ...value, text: await this.pictures.apply(value.text) };
  }

  /**
   * The same reads with one row shown whatever its state, for a staff preview link. Its queries differ from
   * the public ones, so they run through knex each time instead of the compiled reads.
   */
  previewing(target: PreviewTarget): ContentService {
    const direct: Reads = { rows: async (_key, params, build) => (await build(params)) as Row[], close() {} };
    return new ContentService(this.knex, direct, this.resources, null, target);
  }

  private def(table: string): ResourceDef {
    const def = this.resources.byTable(table);
    if (!def) throw new Error(`no resource manages ${table}`);
    return def;
  }

  /** Runs a read with the current second among its params (see publicVisibility.ts). */
  private rows<P extends Params>(key: string, params: P, build: Build<Timed<P>>): Promise<Row[]> {
    return this.reads.rows(key, { ...params, now: now() }, build);
  }

  /** The rows of a table the public may see at `at` (and the previewed row). */
  private published(table: string, at: At) {
    const def = this.def(table);
    const preview = this.preview;
    if (preview?.table !== table) return whereVisible(this.knex(table), def, at, this.resources);
    return this.knex(table).where((q) => {
      whereVisible(q, def, at, this.resources).orWhere(`${table}.${def.pk}`, preview.id);
    });
  }

  /** Joins a table's row only while the public may see it (an article's category, a trail's canal). */
  private joinVisible(query: Knex.QueryBuilder, table: string, key: string, at: At): Knex.QueryBuilder {
    return query.leftJoin(table, (join) => onVisible(join.on(`${table}.id`, '=', key), this.def(table), at));
  }

  /**
   * A page of a list and its total. The lists join other tables only by left joins on the joined row's id,
   * for names: they never add or drop a row, so the count leaves them out and reads the index alone (2 ms
   * instead of 17 for 100,000 rows), and is kept until content changes (keptReads.ts).
   */
  private async paged<T, P extends Params>(key: string, params: P, build: Build<Timed<P>>, page: number, pageSize: number, map: (row: Row) => T): Promise<Paged<T>> {
    const count = async () => {
      const [countRow] = await this.rows(`${key}:count`, params, (p) => build(p).clear('join').clearSelect().clearOrder().count({ n: '*' }));
      return countRow ? num(countRow, 'n') : 0;
    };
    // The current second is left out of the key: the moments it changes what is visible drop the totals.
    const total = this.kept ? await this.kept.of(`${key} ${JSON.stringify(params)}`, count) : await count();
    const rows = await this.rows(`${key}:page:${pageSize}`, { ...params, offset: (page - 1) * pageSize }, (p) => offsetBy(limited(build(p), pageSize), p.offset));
    return { items: rows.map(map), page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
  }

  private async byId(key: string, query: (at: At) => Knex.QueryBuilder, table: string, id: number): Promise<Row | null> {
    const [row] = await this.rows(`${key}:id`, { id }, (p) => limited(query(p.now).where(`${table}.id`, p.id), 1));
    return row ?? null;
  }

  // Articles (news and culture share the shape; their categories live in their own tables).

  private articleQuery(table: string, categoryTable: string, withContent: boolean, at: At) {
    return this.joinVisible(this.published(table, at), categoryTable, `${table}.category_id`, at)
      .select(
        ...cols(table, ['id', 'cover', 'publish_time', 'category_id'], withContent ? ['title', 'summary', 'content'] : ['title', 'summary']),
        `${categoryTable}.name as category_name`,
        `${categoryTable}.name_en as category_name_en`,
      )
      .orderBy(orderBy(table, ARTICLE_ORDER));
  }

  private articleCard(row: Row, lang: Lang): ArticleCard {
    const categoryId = num(row, 'category_id');
    const hasCategory = row.category_name !== null && row.category_name !== undefined;
    return {
      id: num(row, 'id'),
      title: localize(row, 'title', lang),
      summary: localize(row, 'summary', lang),
      cover: str(row, 'cover'),
      category: hasCategory ? { id: categoryId, name: localize(row, 'category_name', lang) } : null,
      publishTime: num(row, 'publish_time'),
    };
  }

  private async categories(table: string, lang: Lang): Promise<Ref[]> {
    const read = () => this.rows(`${table}:all`, {}, (p) => this.published(table, p.now).select('id', 'name', 'name_en').orderBy(orderBy(table, byWeigh)));
    const rows = this.kept ? await this.kept.of(`${table}:all`, read) : await read();
    return rows.map((r) => ({ id: num(r, 'id'), name: localize(r, 'name', lang) }));
  }

  private async articleList(table: string, categoryTable: string, lang: Lang, page: number, category: number | null, pageSize: number): Promise<ArticleList> {
    const filtered = category !== null;
    const query: Build<Timed<{ category: number }>> = (p) => {
      const q = this.articleQuery(table, categoryTable, false, p.now);
      return filtered ? q.where(`${table}.category_id`, p.category) : q;
    };
    return {
      categories: await this.categories(categoryTable, lang),
      category,
      list: await this.paged(`${table}:list:${filtered}`, { category: category ?? 0 }, query, page, pageSize, (r) => this.articleCard(r, lang)),
    };
  }

  private async article(table: string, categoryTable: string, lang: Lang, id: number): Promise<ArticleDetail | null> {
    const row = await this.byId(`${table}:detail`, (at) => this.articleQuery(table, categoryTable, true, at), table, id);
    if (!row) return null;
    const card = this.articleCard(row, lang);
    const category = card.category?.id ?? 0;
    // The category's newest articles, one more than the links show (the page's own may be among them), and only
    // what the links show (the cards' columns and the category's join were a third of the read). Kept like a
    // list's total (keptReads.ts): every article of the category links to the same ones.
    const newest = () =>
      this.rows(`${table}:newest`, { category }, (p) =>
        limited(
          this.published(table, p.now)
            .where(`${table}.category_id`, p.category)
            .select(...cols(table, ['id', 'publish_time'], ['title']))
            .orderBy(orderBy(table, ARTICLE_ORDER)),
          RELATED_LINKS + 1,
        ),
      );
    const rows = this.kept ? await this.kept.of(`${table}:newest ${category}`, newest) : await newest();
    const links = rows
      .filter((r) => num(r, 'id') !== id)
      .slice(0, RELATED_LINKS)
      .map((r): ArticleLink => ({ id: num(r, 'id'), title: localize(r, 'title', lang), publishTime: num(r, 'publish_time') }));
    return { ...card, content: await this.richText(row, 'content', lang), related: links };
  }

  newsList(lang: Lang, q: { page: number; category: number | null }): Promise<ArticleList> {
    return this.articleList('news', 'news_category', lang, q.page, q.category, PAGE_SIZE.news);
  }

  news(lang: Lang, id: number): Promise<ArticleDetail | null> {
    return this.article('news', 'news_category', lang, id);
  }

  cultureList(lang: Lang, q: { page: number; category: number | null }): Promise<ArticleList> {
    return this.articleList('culture_article', 'culture_category', lang, q.page, q.category, PAGE_SIZE.culture);
  }

  culture(lang: Lang, id: number): Promise<ArticleDetail | null> {
    return this.article('culture_article', 'culture_category', lang, id);
  }

  // Brand activities.

  private activityQuery(withContent: boolean, at: At) {
    const t = 'brand_activity';
    return this.published(t, at)
      .select(
        ...cols(t, ['id', 'cover', 'start_time', 'end_time', 'activity_status', ...(withContent ? SIGNUP_FACT_COLUMNS : [])], withContent ? ['title', 'summary', 'place', 'content'] : ['title', 'summary', 'place']),
      )
      .orderBy(orderBy(t, [{ column: 'weigh', order: 'desc' }, { column: 'start_time', order: 'desc' }, { column: 'id', order: 'desc' }]));
  }

  private activityCard(row: Row, lang: Lang): ActivityCard {
    return {
      id: num(row, 'id'),
      title: localize(row, 'title', lang),
      summary: localize(row, 'summary', lang),
      cover: str(row, 'cover'),
      place: localize(row, 'place', lang),
      startTime: num(row, 'start_time'),
      endTime: num(row, 'end_time'),
      stage: oneOf(str(row, 'activity_status'), ACTIVITY_STAGES, 'upcoming'),
    };
  }

  activities(lang: Lang, q: { page: number; stage: ActivityStage | null }): Promise<Paged<ActivityCard>> {
    const filtered = q.stage !== null;
    const query: Build<Timed<{ stage: string }>> = (p) => {
      // Under the staff's weight, what is on or coming soonest first, then what has ended, the latest first.
      const list = this.activityQuery(false, p.now)
        .clearOrder()
        .orderBy('brand_activity.weigh', 'desc')
        .orderByRaw(`${ACTIVITY_STAGE_KEY} asc`)
        .orderBy('brand_activity.id', 'desc');
      return filtered ? list.where('brand_activity.activity_status', p.stage) : list;
    };
    return this.paged(`brand_activity:list:${filtered}`, { stage: q.stage ?? '' }, query, q.page, PAGE_SIZE.brand, (r) => this.activityCard(r, lang));
  }

  async activity(lang: Lang, id: number): Promise<ActivityDetail | null> {
    const row = await this.byId('brand_activity:detail', (at) => this.activityQuery(true, at), 'brand_activity', id);
    return row ? { ...this.activityCard(row, lang), content: await this.richText(row, 'content', lang), signup: signupFacts(row) } : null;
  }

  // Trails, with the names of their canal section and city.

  private trailQuery(withRoute: boolean, at: At) {
    const t = 'trail';
    return this.joinVisible(this.joinVisible(this.published(t, at), 'canal', 'trail.canal_id', at), 'canal_city', 'trail.city_id', at)
      .select(
        ...cols(t, ['id', 'cover', 'canal_id', 'city_id', 'length_km', 'duration_min', 'difficulty', ...(withRoute ? ['gallery'] : [])], withRoute ? ['title', 'summary', 'route'] : ['title', 'summary']),
        'canal.name as canal_name',
        'canal.name_en as canal_name_en',
        'canal_city.name as city_name',
        'canal_city.name_en as city_name_en',
      )
      .orderBy(orderBy(t, byWeigh));
  }

  private trailCard(row: Row, lang: Lang): TrailCard {
    const ref = (idColumn: string, nameColumn: string): Ref | null =>
      row[nameColumn] === null || row[nameColumn] === undefined ? null : { id: num(row, idColumn), name: localize(row, nameColumn, lang) };
    return {
      id: num(row, 'id'),
      title: localize(row, 'title', lang),
      summary: localize(row, 'summary', lang),
      cover: str(row, 'cover'),
      canal: ref('canal_id', 'canal_name'),
      city: ref('city_id', 'city_name'),
      lengthKm: numOrNull(row, 'length_km'),
      durationMin: numOrNull(row, 'duration_min'),
      difficulty: oneOf(str(row, 'difficulty'), DIFFICULTIES, 'easy'),
    };
  }

  trails(lang: Lang, q: { page: number; difficulty: Difficulty | null }): Promise<Paged<TrailCard>> {
    const filtered = q.difficulty !== null;
    const query: Build<Timed<{ difficulty: string }>> = (p) => {
      const list = this.trailQuery(false, p.now);
      return filtered ? list.where('trail.difficulty', p.difficulty) : list;
    };
    return this.paged(`trail:list:${filtered}`, { difficulty: q.difficulty ?? '' }, query, q.page, PAGE_SIZE.trail, (r) => this.trailCard(r, lang));
  }

  async trail(lang: Lang, id: number): Promise<TrailDetail | null> {
    const row = await this.byId('trail:detail', (at) => this.trailQuery(true, at), 'trail', id);
    if (!row) return null;
    const gallery = str(row, 'gallery')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return { ...this.trailCard(row, lang), route: await this.richText(row, 'route', lang), gallery };
  }

  // Organisation members and the youth forum.

  members(lang: Lang, q: { page: number; kind: MemberKind | null }): Promise<Paged<MemberCard>> {
    const filtered = q.kind !== null;
    const query: Build<Timed<{ kind: string }>> = (p) => {
      const list = this.published('org_member', p.now)
        .select(...cols('org_member', ['id', 'kind', 'logo', 'website'], ['name', 'location', 'intro']))
        .orderBy(orderBy('org_member', byWeigh));
      return filtered ? list.where('org_member.kind', p.kind) : list;
    };
    return this.paged(`org_member:list:${filtered}`, { kind: q.kind ?? '' }, query, q.page, PAGE_SIZE.members, (r) => ({
      id: num(r, 'id'),
      name: localize(r, 'name', lang),
      kind: oneOf(str(r, 'kind'), MEMBER_KINDS, 'association'),
      logo: str(r, 'logo'),
      location: localize(r, 'location', lang),
      intro: localize(r, 'intro', lang),
      // Only web addresses become links: a stored `javascript:` URL must not reach an href.
      website: /^https?:\/\//i.test(str(r, 'website')) ? str(r, 'website') : '',
    }));
  }

  private forumItem(row: Row, lang: Lang): ForumItem {
    return {
      id: num(row, 'id'),
      title: localize(row, 'title', lang),
      speaker: localize(row, 'speaker', lang),
      summary: localize(row, 'summary', lang),
      content: localize(row, 'content', lang),
      cover: str(row, 'cover'),
      eventDate: num(row, 'event_date'),
    };
  }

  private forumQuery(at: At) {
    return this.published('forum_item', at)
      .select(...cols('forum_item', ['id', 'cover', 'event_date'], ['title', 'speaker', 'summary', 'content']))
      .orderBy(orderBy('forum_item', [{ column: 'weigh', order: 'desc' }, { column: 'event_date', order: 'desc' }, { column: 'id', order: 'desc' }]));
  }

  async forum(lang: Lang, q: { page: number }): Promise<Paged<ForumItem>> {
    const page = await this.paged('forum_item:list', {}, (p) => this.forumQuery(p.now), q.page, PAGE_SIZE.forum, (r) => this.forumItem(r, lang));
    const items = await Promise.all(page.items.map(async (item) => ({ ...item, content: { ...item.content, text: await this.pictures.apply(item.content.text) } })));
    return { ...page, items };
  }

  // Canal sections and their cities.

  private canalQuery(withText: boolean, at: At) {
    return this.published('canal', at)
      .select(...cols('canal', ['id', 'cover', 'length_km'], withText ? ['name', 'era', 'summary', 'provinces', 'intro', 'heritage'] : ['name', 'era', 'summary', 'provinces']))
      .orderBy(orderBy('canal', byWeigh));
  }

  private canalCard(row: Row, lang: Lang): CanalCard {
    return {
      id: num(row, 'id'),
      name: localize(row, 'name', lang),
      era: localize(row, 'era', lang),
      summary: localize(row, 'summary', lang),
      provinces: localize(row, 'provinces', lang),
      lengthKm: numOrNull(row, 'length_km'),
      cover: str(row, 'cover'),
    };
  }

  private cityCard(row: Row, lang: Lang): CityCard {
    return { id: num(row, 'id'), name: localize(row, 'name', lang), summary: localize(row, 'summary', lang), cover: str(row, 'cover') };
  }

  canals(lang: Lang, q: { page: number }): Promise<Paged<CanalCard>> {
    return this.paged('canal:list', {}, (p) => this.canalQuery(false, p.now), q.page, PAGE_SIZE.canals, (r) => this.canalCard(r, lang));
  }

  async canal(lang: Lang, id: number): Promise<CanalDetail | null> {
    const row = await this.byId('canal:detail', (at) => this.canalQuery(true, at), 'canal', id);
    if (!row) return null;
    const cities = await this.rows('canal_city:of_canal', { id }, (p) =>
      this.published('canal_city', p.now)
        .where('canal_id', p.id)
        .select(...cols('canal_city', ['id', 'cover'], ['name', 'summary']))
        .orderBy(orderBy('canal_city', byWeigh)),
    );
    return {
      ...this.canalCard(row, lang),
      intro: await this.richText(row, 'intro', lang),
      heritage: localize(row, 'heritage', lang),
      cities: cities.map((c) => this.cityCard(c, lang)),
    };
  }

  async city(lang: Lang, id: number): Promise<CityDetail | null> {
    const row = await this.byId(
      'canal_city:detail',
      (at) =>
        this.joinVisible(this.published('canal_city', at), 'canal', 'canal_city.canal_id', at)
          .select(...cols('canal_city', ['id', 'cover', 'canal_id', 'lat', 'lng'], ['name', 'summary', 'intro', 'heritage']), 'canal.name as canal_name', 'canal.name_en as canal_name_en'),
      'canal_city',
      id,
    );
    if (!row) return null;
    const trails = await this.rows('trail:of_city', { id }, (p) => limited(this.trailQuery(false, p.now).where('trail.city_id', p.id), 6));
    return {
      ...this.cityCard(row, lang),
      canal: row.canal_name === null || row.canal_name === undefined ? null : { id: num(row, 'canal_id'), name: localize(row, 'canal_name', lang) },
      lat: num(row, 'lat'),
      lng: num(row, 'lng'),
      intro: localize(row, 'intro', lang),
      heritage: localize(row, 'heritage', lang),
      trails: trails.map((r) => this.trailCard(r, lang)),
    };
  }

  async tour(lang: Lang): Promise<TourData> {
    const canals = await this.rows('canal:tour', {}, (p) => this.published('canal', p.now).select('id', 'name', 'name_en', 'course').orderBy(orderBy('canal', byWeigh)));
    const cities = await this.rows('canal_city:tour', {}, (p) =>
      this.published('canal_city', p.now)
        .select(...cols('canal_city', ['id', 'canal_id', 'lat', 'lng'], ['name', 'intro', 'heritage']))
        .orderBy(orderBy('canal_city', byWeigh)),
    );
    const stops = cities.map((c) => ({
      id: num(c, 'id'),
      canalId: num(c, 'canal_id'),
      name: localize(c, 'name', lang),
      lat: num(c, 'lat'),
      lng: num(c, 'lng'),
      intro: localize(c, 'intro', lang),
      heritage: localize(c, 'heritage', lang),
    }));
    const sections = canals.map((c) => {
      const id = num(c, 'id');
      const course = parseCourse(str(c, 'course'));
      return {
        id,
        name: localize(c, 'name', lang),
        course: course.length >= 2 ? course : stops.filter((s) => s.canalId === id).map((s): [number, number] => [s.lat, s.lng]),
      };
    });
    return { sections, stops: stops.filter((s) => sections.some((sec) => sec.id === s.canalId)) };
  }

  async home(lang: Lang): Promise<HomeData> {
    const sections: [string, (at: At) => Knex.QueryBuilder][] = [
      ['news:home', (at) => limited(this.articleQuery('news', 'news_category', false, at), 4)],
      // What is coming soonest first; ended activities never headline the home page.
      [
        'brand_activity:home',
        (at) =>
          limited(
            this.activityQuery(false, at)
              .clearOrder()
              .whereIn('brand_activity.activity_status', ['upcoming', 'ongoing'])
              .orderBy([{ column: 'brand_activity.start_time', order: 'asc' }, { column: 'brand_activity.id', order: 'asc' }]),
            3,
          ),
      ],
      ['trail:home', (at) => limited(this.trailQuery(false, at), 3)],
      ['culture_article:home', (at) => limited(this.articleQuery('culture_article', 'culture_category', false, at), 4)],
      ['canal:home', (at) => this.canalQuery(false, at)],
      ['forum_item:home', (at) => limited(this.forumQuery(at), 3)],
    ];
    const [news, activities, trails, culture, canals, forum] = await Promise.all(sections.map(([key, query]) => this.rows(key, {}, (p) => query(p.now))));
    return {
      news: news.map((r) => this.articleCard(r, lang)),
      activities: activities.map((r) => this.activityCard(r, lang)),
      trails: trails.map((r) => this.trailCard(r, lang)),
      culture: culture.map((r) => this.articleCard(r, lang)),
      canals: canals.map((r) => this.canalCard(r, lang)),
      forum: forum.map((r) => this.forumItem(r, lang)),
    };
  }

  // Feeds.

  /** The latest published news for RSS, in `lang`. */
  async latestNews(lang: Lang, limit: number): Promise<FeedItem[]> {
    const rows = await this.rows(`news:latest:${limit}`, {}, (p) =>
      limited(
        this.published('news', p.now)
          .select('id', 'title', 'title_en', 'summary', 'summary_en', 'publish_time')
          .orderBy([{ column: 'publish_time', order: 'desc' }, { column: 'id', order: 'desc' }]),
        limit,
      ),
    );
    return rows.map((r) => ({
      id: num(r, 'id'),
      title: localize(r, 'title', lang).text,
      summary: localize(r, 'summary', lang).text,
      publishTime: num(r, 'publish_time'),
    }));
  }

  /** Every public detail page (the resources that declare one), with its last change or publish time. */
  async sitemapEntries(): Promise<SitemapEntry[]> {
    const kinds = this.resources.all().flatMap((def) => {
      const publishing = publishingOf(def);
      return publishing?.page ? [{ def, path: publishing.page, field: publishing.field }] : [];
    });
    const lists = await Promise.all(
      kinds.map(async ({ def, path, field }) => {
        const columns = ['id', 'create_time', 'update_time', ...(field ? [field] : [])];
        const rows = await this.rows(`${def.table}:sitemap`, {}, (p) => this.published(def.table, p.now).select(columns).orderBy('id'));
        return rows.map((r) => ({ path: `${path}?id=${num(r, 'id')}`, lastmod: Math.max(num(r, 'update_time') || num(r, 'create_time'), field ? num(r, field) : 0) }));
      }),
    );
    return lists.flat();
  }
}
