import { ApiCode, NEED_LOGIN, type Envelope } from '../../shared/api/envelope.ts';
import { REFRESH_TOKEN_URL, createTokenStore, httpStatusMessage, rewriteAdminUrl, type RefreshTokenData, type TokenSide } from '../../shared/request/client.ts';
import type { UploadSettings } from '../../shared/site.ts';
import type { DirectUploadTicket, UploadedFile } from '../../shared/upload.ts';
import type { TranslateFn } from './translation.ts';

/**
 * Sending one file the way the site's storage wants it (spec section 7), for every uploader of the islands:
 * with local storage through the portal (`ajax/upload`); with a bucket straight to it (a presigned POST from
 * `Alioss/params`, then `Alioss/callback` has the portal check and record it). Upload progress needs
 * XMLHttpRequest, which the shared request client does not use, so the request headers are set here.
 */

/** Why an upload failed, in the reader's language; `login` when logging in again would help. */
export interface UploadProblem {
  text: string;
  login?: boolean;
}

export class UploadFailure extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem.text);
  }
}

export interface UploadOptions {
  /** Which API receives the file: the member's `/api/...` or the admin's `/admin/...`. */
  endpoint: 'member' | 'admin';
  topic?: string;
  /** `site.upload` of GET /api/index/index. */
  settings: UploadSettings;
  /** The page's language, sent as the request client sends it. */
  language: string;
  /** Texts of the `upload` namespace; `request` ones are asked for with `{ ns: 'request' }`. */
  t: TranslateFn;
  onProgress?(percent: number): void;
}

interface RawAnswer {
  status: number;
  text: string;
}

/** Where the admin lives (`ADMIN_BASE`), as the page says. */
export function adminBase(): string {
  return document.documentElement.dataset.adminBase ?? '/admin';
}

/** SHA-1 of a file in hex, or null where the browser has no digest (a page not served over https). */
async function sha1Of(file: File): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-1', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function post(url: string, body: FormData | string, headers: Record<string, string>, onProgress: (percent: number) => void): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('abort'));
    xhr.send(body);
  });
}

/** One refresh through the shared request client; the upload is then tried once more with the new token. */
async function refreshToken(side: TokenSide): Promise<boolean> {
  const tokens = createTokenStore(window.localStorage);
  const refresh = tokens.get(side, 'refresh');
  if (!refresh) return false;
  try {
    // Loaded on demand: most uploads never need it.
    const { browserRequest } = await import('./request.ts');
    const answer = await browserRequest()<RefreshTokenData>(
      REFRESH_TOKEN_URL,
      { method: 'POST', body: { refreshToken: refresh } },
      { showCodeMessage: false, showErrorMessage: false, cancelDuplicate: false },
    );
    if (answer.data.type !== `${side}-refresh` || !answer.data.token) return false;
    tokens.set(side, 'access', answer.data.token);
    return true;
  } catch {
    return false;
  }
}

/** Uploads one file (already checked against the settings) and answers the portal's record of it. */
export async function uploadFile(file: File, options: UploadOptions): Promise<UploadedFile> {
  const { endpoint, topic, settings, language, t } = options;
  const onProgress = options.onProgress ?? (() => {});
  const side: TokenSide = endpoint === 'admin' ? 'admin' : 'user';
  const tRequest = (key: string) => t(key, { ns: 'request' });
  const apiPath = (action: string) => (endpoint === 'admin' ? rewriteAdminUrl(`/admin/${action}`, adminBase()) : `/api/${action}`);

  /** Posts to the portal's API with the request client's headers (language, API marker, tokens held). */
  async function call<T>(path: string, body: FormData | Record<string, unknown>, progress: (percent: number) => void = () => {}): Promise<Envelope<T | null>> {
    const tokens = createTokenStore(window.localStorage);
    const headers: Record<string, string> = { 'think-lang': language, server: 'true' };
    const adminToken = tokens.get('admin', 'access');
    const userToken = tokens.get('user', 'access');
    if (adminToken) headers.batoken = adminToken;
    if (userToken) headers['ba-user-token'] = userToken;
    if (!(body instanceof FormData)) headers['content-type'] = 'application/json';
    let answer: RawAnswer;
    try {
      answer = await post(path, body instanceof FormData ? body : JSON.stringify(body), headers, progress);
    } catch {
      throw new UploadFailure({ text: tRequest(navigator.onLine ? 'serverException' : 'offline') });
    }
    if (answer.status < 200 || answer.status >= 300) throw new UploadFailure({ text: httpStatusMessage(answer.status, path, tRequest) });
    try {
      return JSON.parse(answer.text) as Envelope<T | null>;
    } catch {
      throw new UploadFailure({ text: tRequest('serverException') });
    }
  }

  /** A ticket from the portal, the file straight to the bucket, then the portal checks and records it. */
  async function sendDirect(sha1: string): Promise<Envelope<unknown>> {
    const described = { name: file.name, size: file.size, type: file.type || 'application/octet-stream', sha1, ...(topic ? { topic } : {}) };
    const ticket = await call<DirectUploadTicket>(apiPath('Alioss/params'), described);
    if (ticket.code !== ApiCode.success || !ticket.data) return ticket;
    if (!ticket.data.stored) {
      const form = new FormData();
      for (const [field, value] of Object.entries(ticket.data.fields)) form.append(field, value);
      form.append('file', file);
      let sent: RawAnswer;
      try {
        sent = await post(ticket.data.url, form, {}, onProgress);
      } catch {
        throw new UploadFailure({ text: tRequest(navigator.onLine ? 'serverException' : 'offline') });
      }
      if (sent.status < 200 || sent.status >= 300) throw new UploadFailure({ text: t('direct.bucketRefused') });
    }
    return call<{ file: UploadedFile }>(apiPath('Alioss/callback'), { ...described, url: ticket.data.fileUrl });
  }

  async function send(retried: boolean): Promise<UploadedFile> {
    // Without a digest in this browser, the file goes through the portal, which stores it in the bucket itself.
    const sha1 = settings.mode === 'local' ? null : await sha1Of(file);
    let envelope: Envelope<unknown>;
    if (sha1) {
      envelope = await sendDirect(sha1);
    } else {
      const body = new FormData();
      body.append('file', file);
      if (topic) body.append('topic', topic);
      envelope = await call<{ file: UploadedFile }>(apiPath('ajax/upload'), body, onProgress);
    }
    // Success carries the file; a refusal may say that a login is needed.
    const data = envelope.data as { file?: UploadedFile; type?: string } | null;
    if (envelope.code === ApiCode.success && data?.file) return data.file;
    if (envelope.code === ApiCode.tokenExpired) {
      if (!retried && (await refreshToken(side))) return send(true);
      throw new UploadFailure({ text: t('ui.loginExpired'), login: true });
    }
    const needLogin = envelope.code === ApiCode.loginState && data?.type === NEED_LOGIN;
    throw new UploadFailure({ text: envelope.msg || t('ui.failed'), login: needLogin });
  }

  return send(false);
}
