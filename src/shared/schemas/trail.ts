import { z } from 'zod';
import { DIFFICULTIES, type APPLICATION_STATES } from '../content.ts';
import type { Lang } from '../i18n/langs.ts';
import { requiredString } from './fields.ts';
import { lazySchema } from './lazySchema.ts';

/**
 * A member's trail application (POST /api/trail/apply), shared by the /trail/apply form and the server.
 * Messages are catalogue keys. The route description is plain text: the server turns it into paragraphs,
 * so nothing a member types is ever read as markup.
 */
export const TRAIL_LIMITS = {
  title: 200,
  summary: 500,
  routeMin: 10,
  route: 5000,
  /** Kilometres: the longest walk or ride along one canal section, with room to spare. */
  lengthKm: 500,
  /** Minutes: a week on the towpath. */
  durationMin: 7 * 24 * 60,
  photos: 9,
} as const;

/** Where member uploads live; photos are checked against the member's own attachment rows as well. */
const PHOTO_URL = /^\/storage\/[^\s?#]+$/;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Photo URLs as an array or a comma-separated string, trimmed and without repeats. */
function photoList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(list.map((v) => String(v).trim()).filter(Boolean))];
}

const optionalText = (max: number) => z.string().trim().max(max, { message: 'validate:tooLong' }).optional().default('');

/** The two forms of an application: made with the first one checked. */
const applications = lazySchema(() => {
  const title = requiredString('trail:error.titleRequired').pipe(z.string().max(TRAIL_LIMITS.title, { message: 'validate:tooLong' }));
  const route = requiredString('trail:error.routeRequired').pipe(
    z.string().min(TRAIL_LIMITS.routeMin, { message: 'trail:error.routeTooShort' }).max(TRAIL_LIMITS.route, { message: 'validate:tooLong' }),
  );
  const summary = optionalText(TRAIL_LIMITS.summary);
  /** The texts in the language the member does not write in: all optional. */
  const otherTitle = optionalText(TRAIL_LIMITS.title);
  const otherRoute = optionalText(TRAIL_LIMITS.route);

  const place = {
    canal_id: z.preprocess(blankToUndefined, z.coerce.number({ message: 'trail:error.canalRequired' }).int({ message: 'trail:error.canalRequired' }).positive({ message: 'trail:error.canalRequired' })),
    city_id: z
      .preprocess(blankToUndefined, z.coerce.number({ message: 'trail:error.cityUnknown' }).int({ message: 'trail:error.cityUnknown' }).positive({ message: 'trail:error.cityUnknown' }).optional())
      .transform((v) => v ?? null),
    length_km: z.preprocess(
      blankToUndefined,
      z.coerce.number({ message: 'trail:error.lengthRange' }).gt(0, { message: 'trail:error.lengthRange' }).max(TRAIL_LIMITS.lengthKm, { message: 'trail:error.lengthRange' }),
    ),
    duration_min: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ message: 'trail:error.durationRange' })
        .int({ message: 'trail:error.durationRange' })
        .min(1, { message: 'trail:error.durationRange' })
        .max(TRAIL_LIMITS.durationMin, { message: 'trail:error.durationRange' }),
    ),
    difficulty: z.enum(DIFFICULTIES, { message: 'trail:error.difficultyRequired' }),
  };
  const photos = z.preprocess(
    photoList,
    z
      .array(z.string().max(255, { message: 'trail:error.photoInvalid' }).regex(PHOTO_URL, { message: 'trail:error.photoInvalid' }))
      .min(1, { message: 'trail:error.photosRequired' })
      .max(TRAIL_LIMITS.photos, { message: 'trail:error.photosTooMany' }),
  );

  /** Fields in the order the form shows them, so the first problem zod reports is the first one on screen. */
  const chineseApplication = z.object({ title, ...place, summary, route, photos, title_en: otherTitle, summary_en: summary, route_en: otherRoute });

  /**
   * An English member writes the `_en` texts; the Chinese ones are optional. The Chinese columns are always
   * filled (ARCHITECTURE section 4), so what the member left out there is the English text.
   */
  const englishApplication = z
    .object({ title_en: title, ...place, summary_en: summary, route_en: route, photos, title: otherTitle, summary, route: otherRoute })
    .transform((d) => ({ ...d, title: d.title || d.title_en, summary: d.summary || d.summary_en, route: d.route || d.route_en }));
  return { zh: chineseApplication, en: englishApplication };
});

/** A member's application in the language they write in (the page's): its texts required, the other language's optional. */
export function trailApplicationSchema(lang: Lang) {
  return lang === 'en' ? applications().en : applications().zh;
}

/** The text fields a member writes in a language, in the form's order. */
export function trailTextFields(lang: Lang): readonly ['title' | 'title_en', 'summary' | 'summary_en', 'route' | 'route_en'] {
  return lang === 'en' ? ['title_en', 'summary_en', 'route_en'] : ['title', 'summary', 'route'];
}

type ChineseApplication = ReturnType<typeof applications>['zh'];
export type TrailApplicationInput = z.input<ChineseApplication>;
export type TrailApplicationData = z.output<ChineseApplication>;

/** An admin's decision (POST approve / reject): a remark is optional on approval and required on rejection. */
export const reviewSchema = (remarkRequired: boolean) =>
  z.object({
    id: z.coerce.number({ message: 'crud:parameterError' }).int({ message: 'crud:parameterError' }).positive({ message: 'crud:parameterError' }),
    remark: remarkRequired
      ? requiredString('trail:error.remarkRequired').pipe(z.string().max(500, { message: 'validate:tooLong' }))
      : z.string().trim().max(500, { message: 'validate:tooLong' }).optional().default(''),
  });

/** Application states as the member and the admin see them. */
export type ApplicationStatus = (typeof APPLICATION_STATES)[number];

/** A row of GET /api/trail/applications. */
export interface MemberApplication {
  id: number;
  title: string;
  cover: string;
  canal: string;
  city: string;
  status: ApplicationStatus;
  remark: string;
  review_time: number | null;
  create_time: number;
  /** The published trail, once approved (null while it is not public). */
  trail_id: number | null;
}

/** GET /api/trail/options: canal sections with their cities, named in the caller's language. */
export interface TrailOptions {
  canals: { id: number; name: string; cities: { id: number; name: string }[] }[];
}

/** GET /api/trail/application: a rejected application as the form holds it, to be changed and sent again. */
export interface TrailDraft {
  id: number;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  canal_id: string;
  city_id: string;
  length_km: string;
  duration_min: string;
  difficulty: string;
  route: string;
  route_en: string;
  photos: string[];
  /** Why it was rejected. */
  remark: string;
}
