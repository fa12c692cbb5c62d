import type { Knex } from 'knex';
import type { Lang } from '../../shared/i18n/langs.ts';
import type { Build, Params, Reads, Row } from '../reads.ts';
import { localizedText } from '../../shared/localized.ts';
import { centsToYuan } from '../../shared/account.ts';
import { cancelDeadline, optionalTime, type SignupFacts } from '../../shared/activity.ts';
import { ResponsiveImages } from './responsiveImages.ts';
import {
  ACTIVITY_STAGES,
  DIFFICULTIES,
  MEMBER_KINDS,
  PAGE_SIZE,
  PUBLISHED,
  type ActivityCard,
  type ActivityDetail,
  type ActivityStage,
  type ArticleCard,
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

/** Reads published content for the public pages, feeds and sitemap. Drafts never leave this class. */
/**
 * The activity list's order key (migration 20261201090100 indexes the same expression): a start time for what
 * has not ended, and for what has ended a number above every start time that falls as the start time rises.
 */
const ACTIVITY_STAGE_KEY = "CASE WHEN brand_activity.activity_status = 'ended' THEN 20000000000 - brand_activity.start_time ELSE brand_activity.start_time END";

export class ContentService implements ContentReader {
  private readonly pictures: ResponsiveImages;

  constructor(
    private readonly knex: Knex,
    private readonly reads: Reads,
  ) {
    this.pictures = new ResponsiveImages(knex);
  }

  /** A rich-text field for `lang`, its uploaded pictures offered in sizes that fit a phone. */
  private async richText(row: Row, field: string, lang: Lang): Promise<LocalText> {
    const value = localize(row, field, lang);
    return { ...value, text: await this.pictures.apply(value.text) };
  }

  private published(table: string) {
    return this.knex(table).where(`${table}.status`, PUBLISHED);
  }

  /**
   * A page of a list and its total. The lists join other tables only by left joins on the joined row's id,
   * for names: they never add or drop a row, so the count leaves them out and reads the index alone (2 ms
   * instead of 17 for 100,000 rows).
   */
  private async paged<T, P extends Params>(key: string, params: P, build: Build<P>, page: number, pageSize: number, map: (row: Row) => T): Promise<Paged<T>> {
    const [countRow] = await this.reads.rows(`${key}:count`, params, (p) => build(p).clear('join').clearSelect().clearOrder().count({ n: '*' }));
    const total = countRow ? num(countRow, 'n') : 0;
    const rows = await this.reads.rows(`${key}:page:${pageSize}`, { ...params, offset: (page - 1) * pageSize }, (p) => offsetBy(limited(build(p), pageSize), p.offset));
    return { items: rows.map(map), page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
  }

  private async byId(key: string, query: () => Knex.QueryBuilder, table: string, id: number): Promise<Row | null> {
    const [row] = await this.reads.rows(`${key}:id`, { id }, (p) => limited(query().where(`${table}.id`, p.id), 1));
    return row ?? null;
  }

  // Articles (news and culture share the shape; their categories live in their own tables).

  private articleQuery(table: string, categoryTable: string, withContent: boolean) {
    return this.published(table)
      .leftJoin(categoryTable, function () {
        this.on(`${categoryTable}.id`, '=', `${table}.category_id`).andOnVal(`${categoryTable}.status`, '=', PUBLISHED);
      })
      .select(
        ...cols(table, ['id', 'cover', 'publish_time', 'category_id'], withContent ? ['title', 'summary', 'content'] : ['title', 'summary']),
        `${categoryTable}.name as category_name`,
        `${categoryTable}.name_en as category_name_en`,
      )
      .orderBy(orderBy(table, [{ column: 'weigh', order: 'desc' }, { column: 'publish_time', order: 'desc' }, { column: 'id', order: 'desc' }]));
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
    const rows = await this.reads.rows(`${table}:all`, {}, () => this.published(table).select('id', 'name', 'name_en').orderBy(orderBy(table, byWeigh)));
    return rows.map((r) => ({ id: num(r, 'id'), name: localize(r, 'name', lang) }));
  }

  private async articleList(table: string, categoryTable: string, lang: Lang, page: number, category: number | null, pageSize: number): Promise<ArticleList> {
    const filtered = category !== null;
    const query: Build<{ category: number }> = (p) => {
      const q = this.articleQuery(table, categoryTable, false);
      return filtered ? q.where(`${table}.category_id`, p.category) : q;
    };
    return {
      categories: await this.categories(categoryTable, lang),
      category,
      list: await this.paged(`${table}:list:${filtered}`, { category: category ?? 0 }, query, page, pageSize, (r) => this.articleCard(r, lang)),
    };
  }

  private async article(table: string, categoryTable: string, lang: Lang, id: number): Promise<ArticleDetail | null> {
    const row = await this.byId(`${table}:detail`, () => this.articleQuery(table, categoryTable, true), table, id);
    if (!row) return null;
    const card = this.articleCard(row, lang);
    const related = await this.reads.rows(`${table}:related`, { category: card.category?.id ?? 0, id }, (p) =>
      limited(this.articleQuery(table, categoryTable, false).where(`${table}.category_id`, p.category).whereNot(`${table}.id`, p.id), 3),
    );
    return { ...card, content: await this.richText(row, 'content', lang), related: related.map((r) => this.articleCard(r, lang)) };
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

  private activityQuery(withContent: boolean) {
    const t = 'brand_activity';
    return this.published(t)
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
    const query: Build<{ stage: string }> = (p) => {
      // Under the staff's weight, what is on or coming soonest first, then what has ended, the latest first.
      const list = this.activityQuery(false)
        .clearOrder()
        .orderBy('brand_activity.weigh', 'desc')
        .orderByRaw(`${ACTIVITY_STAGE_KEY} asc`)
        .orderBy('brand_activity.id', 'desc');
      return filtered ? list.where('brand_activity.activity_status', p.stage) : list;
    };
    return this.paged(`brand_activity:list:${filtered}`, { stage: q.stage ?? '' }, query, q.page, PAGE_SIZE.brand, (r) => this.activityCard(r, lang));
  }

  async activity(lang: Lang, id: number): Promise<ActivityDetail | null> {
    const row = await this.byId('brand_activity:detail', () => this.activityQuery(true), 'brand_activity', id);
    return row ? { ...this.activityCard(row, lang), content: await this.richText(row, 'content', lang), signup: signupFacts(row) } : null;
  }

  // Trails, with the names of their canal section and city.

  private trailQuery(withRoute: boolean) {
    const t = 'trail';
    return this.published(t)
      .leftJoin('canal', function () {
        this.on('canal.id', '=', 'trail.canal_id').andOnVal('canal.status', '=', PUBLISHED);
      })
      .leftJoin('canal_city', function () {
        this.on('canal_city.id', '=', 'trail.city_id').andOnVal('canal_city.status', '=', PUBLISHED);
      })
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
    const query: Build<{ difficulty: string }> = (p) => {
      const list = this.trailQuery(false);
      return filtered ? list.where('trail.difficulty', p.difficulty) : list;
    };
    return this.paged(`trail:list:${filtered}`, { difficulty: q.difficulty ?? '' }, query, q.page, PAGE_SIZE.trail, (r) => this.trailCard(r, lang));
  }

  async trail(lang: Lang, id: number): Promise<TrailDetail | null> {
    const row = await this.byId('trail:detail', () => this.trailQuery(true), 'trail', id);
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
    const query: Build<{ kind: string }> = (p) => {
      const list = this.published('org_member')
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

  private forumQuery() {
    return this.published('forum_item')
      .select(...cols('forum_item', ['id', 'cover', 'event_date'], ['title', 'speaker', 'summary', 'content']))
      .orderBy(orderBy('forum_item', [{ column: 'weigh', order: 'desc' }, { column: 'event_date', order: 'desc' }, { column: 'id', order: 'desc' }]));
  }

  async forum(lang: Lang, q: { page: number }): Promise<Paged<ForumItem>> {
    const page = await this.paged('forum_item:list', {}, () => this.forumQuery(), q.page, PAGE_SIZE.forum, (r) => this.forumItem(r, lang));
    const items = await Promise.all(page.items.map(async (item) => ({ ...item, content: { ...item.content, text: await this.pictures.apply(item.content.text) } })));
    return { ...page, items };
  }

  // Canal sections and their cities.

  private canalQuery(withText: boolean) {
    return this.published('canal')
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
    return this.paged('canal:list', {}, () => this.canalQuery(false), q.page, PAGE_SIZE.canals, (r) => this.canalCard(r, lang));
  }

  async canal(lang: Lang, id: number): Promise<CanalDetail | null> {
    const row = await this.byId('canal:detail', () => this.canalQuery(true), 'canal', id);
    if (!row) return null;
    const cities = await this.reads.rows('canal_city:of_canal', { id }, (p) =>
      this.published('canal_city')
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
      () =>
        this.published('canal_city')
          .leftJoin('canal', function () {
            this.on('canal.id', '=', 'canal_city.canal_id').andOnVal('canal.status', '=', PUBLISHED);
          })
          .select(...cols('canal_city', ['id', 'cover', 'canal_id', 'lat', 'lng'], ['name', 'summary', 'intro', 'heritage']), 'canal.name as canal_name', 'canal.name_en as canal_name_en'),
      'canal_city',
      id,
    );
    if (!row) return null;
    const trails = await this.reads.rows('trail:of_city', { id }, (p) => limited(this.trailQuery(false).where('trail.city_id', p.id), 6));
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
    const canals = await this.reads.rows('canal:tour', {}, () => this.published('canal').select('id', 'name', 'name_en', 'course').orderBy(orderBy('canal', byWeigh)));
    const cities = await this.reads.rows('canal_city:tour', {}, () =>
      this.published('canal_city')
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
    const sections: [string, () => Knex.QueryBuilder][] = [
      ['news:home', () => limited(this.articleQuery('news', 'news_category', false), 4)],
      // What is coming soonest first; ended activities never headline the home page.
      [
        'brand_activity:home',
        () =>
          limited(
            this.activityQuery(false)
              .clearOrder()
              .whereIn('brand_activity.activity_status', ['upcoming', 'ongoing'])
              .orderBy([{ column: 'brand_activity.start_time', order: 'asc' }, { column: 'brand_activity.id', order: 'asc' }]),
            3,
          ),
      ],
      ['trail:home', () => limited(this.trailQuery(false), 3)],
      ['culture_article:home', () => limited(this.articleQuery('culture_article', 'culture_category', false), 4)],
      ['canal:home', () => this.canalQuery(false)],
      ['forum_item:home', () => limited(this.forumQuery(), 3)],
    ];
    const [news, activities, trails, culture, canals, forum] = await Promise.all(sections.map(([key, query]) => this.reads.rows(key, {}, query)));
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
    const rows = await this.reads.rows(`news:latest:${limit}`, {}, () =>
      limited(
        this.published('news')
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

  /** Every published detail page, with its last change. */
  async sitemapEntries(): Promise<SitemapEntry[]> {
    const kinds = [
      { table: 'news', path: '/news/info' },
      { table: 'culture_article', path: '/culture/info' },
      { table: 'brand_activity', path: '/brand/info' },
      { table: 'trail', path: '/trail/info' },
      { table: 'canal', path: '/canals/info' },
      { table: 'canal_city', path: '/canals/info/city' },
    ];
    const lists = await Promise.all(
      kinds.map(async ({ table, path }) => {
        const rows = await this.reads.rows(`${table}:sitemap`, {}, () => this.published(table).select('id', 'create_time', 'update_time').orderBy('id'));
        return rows.map((r) => ({ path: `${path}?id=${num(r, 'id')}`, lastmod: num(r, 'update_time') || num(r, 'create_time') }));
      }),
    );
    return lists.flat();
  }
}
