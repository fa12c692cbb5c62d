import type { TFunction } from 'i18next';
import type { Lang } from '../shared/i18n/langs.ts';

declare module 'koa' {
  interface DefaultContext {
    /** API_ENCRYPT_KEY of this app: when set, envelope `data` leaves the server AES-encrypted. */
    apiEncryptKey: string;
  }

  interface DefaultState {
    /** Unix seconds at which the request arrived: the envelope's `time`. */
    startTime: number;
    requestId: string;
    lang: Lang;
    /** Translates keys of the `api` catalogue into the request's language. */
    t: TFunction;
    cspNonce: string;
    /** 'api' for JSON calls (after the admin-base rewrite), 'page' otherwise. */
    kind: 'api' | 'page';
    /** Origin of this request's absolute links, checked against ALLOWED_HOSTS (origin.ts). */
    origin: string;
  }
}
