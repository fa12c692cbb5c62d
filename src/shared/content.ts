import type { Lang } from './i18n/langs.ts';
import type { SignupFacts } from './activity.ts';

/**
 * What public pages read from the content tables: the `ContentReader` the Koa bridge hands to every page as
 * `pageContext.content`, and the shapes it answers with. Rows are already localized for the page's language,
 * so pages never look at `_en` columns themselves.
 */

/**
 * A localized value for one page language. On English pages an empty `_en` column falls back to the Chinese
 * text; `fallback` tells the page to mark it (and to tag it `lang="zh-CN"`).
 */
export type LocalText = {
  text: string;
  fallback: boolean;
};

export interface Paged<T> {
  items: T[];
  /** The page asked for (may be past the last one: the page then shows its empty state). */
  page: number;
  pageSize: number;
  total: number;
  pages: number;
}

export interface Ref {
  id: number;
  name: LocalText;
}

/** Publish `status` of a visible row ('0' is a draft). */
export const PUBLISHED = '1';

export const ACTIVITY_STAGES = ['upcoming', 'ongoing', 'ended'] as const;
export type ActivityStage = (typeof ACTIVITY_STAGES)[number];

export const DIFFICULTIES = ['easy', 'moderate', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const MEMBER_KINDS = ['museum', 'university', 'institute', 'volunteer', 'enterprise', 'association'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

export const APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;

/** Items per list page: small enough that the seeded lists show a second page. */
export const PAGE_SIZE = {
  // Three-column grids (CardGrid): whole rows of three.
  news: 9,
  culture: 9,
  brand: 6,
  trail: 6,
  members: 8,
  forum: 6,
  // The canal has ten sections (the page says so): all of them on one page, with room for more.
  canals: 24,
} as const;

/** News and culture articles share one shape. */
export interface ArticleCard {
  id: number;
  title: LocalText;
  summary: LocalText;
  cover: string;
  category: Ref | null;
  publishTime: number;
}

/** An article named in a link: its title and date. */
export type ArticleLink = Pick<ArticleCard, 'id' | 'title' | 'publishTime'>;

export interface ArticleDetail extends ArticleCard {
  content: LocalText;
  /** Other articles of the same category, in the lists' order. */
  related: ArticleLink[];
}

export interface ArticleList {
  categories: Ref[];
  /** The category filter in effect (null: all). */
  category: number | null;
  list: Paged<ArticleCard>;
}

export interface ActivityCard {
  id: number;
  title: LocalText;
  summary: LocalText;
  cover: string;
  place: LocalText;
  startTime: number;
  endTime: number;
  stage: ActivityStage;
}

export interface ActivityDetail extends ActivityCard {
  content: LocalText;
  /** Its sign-ups, when it takes any. */
  signup: SignupFacts | null;
}

export interface TrailCard {
  id: number;
  title: LocalText;
  summary: LocalText;
  cover: string;
  canal: Ref | null;
  city: Ref | null;
  lengthKm: number | null;
  durationMin: number | null;
  difficulty: Difficulty;
}

export interface TrailDetail extends TrailCard {
  route: LocalText;
  gallery: string[];
}

export interface MemberCard {
  id: number;
  name: LocalText;
  kind: MemberKind;
  logo: string;
  location: LocalText;
  intro: LocalText;
  website: string;
}

export interface ForumItem {
  id: number;
  title: LocalText;
  speaker: LocalText;
  summary: LocalText;
  content: LocalText;
  cover: string;
  eventDate: number;
}

export interface CanalCard {
  id: number;
  name: LocalText;
  era: LocalText;
  summary: LocalText;
  provinces: LocalText;
  lengthKm: number | null;
  cover: string;
}

export interface CityCard {
  id: number;
  name: LocalText;
  summary: LocalText;
  cover: string;
}

export interface CanalDetail extends CanalCard {
  intro: LocalText;
  heritage: LocalText;
  cities: CityCard[];
}

export interface CityDetail extends CityCard {
  canal: Ref | null;
  lat: number;
  lng: number;
  intro: LocalText;
  heritage: LocalText;
  trails: TrailCard[];
}

/** The cloud tour: every section's course and every stop with its story. */
export interface TourSection {
  id: number;
  name: LocalText;
  /** [lat, lng] points in order along the section. */
  course: [number, number][];
}

export interface TourStop {
  id: number;
  canalId: number;
  name: LocalText;
  lat: number;
  lng: number;
  intro: LocalText;
  heritage: LocalText;
}

export interface TourData {
  sections: TourSection[];
  stops: TourStop[];
}

export interface HomeData {
  news: ArticleCard[];
  activities: ActivityCard[];
  trails: TrailCard[];
  culture: ArticleCard[];
  canals: CanalCard[];
  forum: ForumItem[];
}

export interface ContentReader {
  home(lang: Lang): Promise<HomeData>;
  newsList(lang: Lang, query: { page: number; category: number | null }): Promise<ArticleList>;
  news(lang: Lang, id: number): Promise<ArticleDetail | null>;
  cultureList(lang: Lang, query: { page: number; category: number | null }): Promise<ArticleList>;
  culture(lang: Lang, id: number): Promise<ArticleDetail | null>;
  activities(lang: Lang, query: { page: number; stage: ActivityStage | null }): Promise<Paged<ActivityCard>>;
  activity(lang: Lang, id: number): Promise<ActivityDetail | null>;
  trails(lang: Lang, query: { page: number; difficulty: Difficulty | null }): Promise<Paged<TrailCard>>;
  trail(lang: Lang, id: number): Promise<TrailDetail | null>;
  members(lang: Lang, query: { page: number; kind: MemberKind | null }): Promise<Paged<MemberCard>>;
  forum(lang: Lang, query: { page: number }): Promise<Paged<ForumItem>>;
  canals(lang: Lang, query: { page: number }): Promise<Paged<CanalCard>>;
  canal(lang: Lang, id: number): Promise<CanalDetail | null>;
  city(lang: Lang, id: number): Promise<CityDetail | null>;
  tour(lang: Lang): Promise<TourData>;
}

type QueryValue = string | string[] | undefined;

function single(value: QueryValue): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** A row id from the query: a positive integer, else null (the page answers 404). */
export function parseId(value: QueryValue): number | null {
  const raw = single(value);
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2147483647 ? n : null;
}

/** `?page=`: a positive integer; anything else reads as the first page. */
export function parsePage(value: QueryValue): number {
  const raw = single(value);
  if (!/^[1-9]\d{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

/** One of the allowed values, else null (no filter). */
export function parseChoice<T extends string>(value: QueryValue, choices: readonly T[]): T | null {
  const raw = single(value);
  return (choices as readonly string[]).includes(raw) ? (raw as T) : null;
}

