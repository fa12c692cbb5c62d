import { createTokenStore, rewriteAdminUrl } from '../../shared/request/client.ts';

/**
 * Downloads a file the admin API answers (an export, a template): fetched with the token in a header, not
 * in a URL that logs keep, then saved under the name the server gave. A refusal comes as the usual envelope:
 * its message is answered instead, for the caller to show.
 */
export async function downloadAdminFile(url: string, adminBase: string, lang: string): Promise<string | null> {
  const token = createTokenStore(window.localStorage).get('admin', 'access');
  const res = await fetch(rewriteAdminUrl(url, adminBase), { headers: { server: 'true', batoken: token, 'think-lang': lang } });
  if ((res.headers.get('content-type') ?? '').includes('json') || !res.ok) {
    const answer = (await res.json().catch(() => null)) as { msg?: unknown } | null;
    return typeof answer?.msg === 'string' && answer.msg ? answer.msg : String(res.status);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = encoded ? decodeURIComponent(encoded) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download');
  link.click();
  URL.revokeObjectURL(link.href);
  return null;
}
