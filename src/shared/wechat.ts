/** Official account and mini program choices both the server and the admin screens know. */

/** Where WeChat posts the official account's messages (the settings screen shows it for copying). */
export const WECHAT_CALLBACK_PATH = '/api/wechat/callback';

/** The share-card script of pages opened in WeChat's browser, built from src/islands/wechatShare.ts. */
export const WECHAT_SHARE_SCRIPT = 'wechat-share.js';

/** How messages travel: in the clear, both ways at once (while switching), or only encrypted. */
export const MESSAGE_MODES = ['plain', 'compatible', 'safe'] as const;
export type MessageMode = (typeof MESSAGE_MODES)[number];

/** AppIDs as WeChat issues them: 'wx' and 16 hexadecimal digits. */
export const APP_ID = /^wx[0-9a-f]{16}$/i;
/** AppSecrets: 32 letters and digits. */
export const APP_SECRET = /^[A-Za-z0-9]{32}$/;
/** The console's rule for the Token: 3 to 32 letters and digits. */
export const TOKEN = /^[A-Za-z0-9]{3,32}$/;
/** An EncodingAESKey as the WeChat console makes it: 43 letters and digits. */
export const AES_KEY = /^[A-Za-z0-9]{43}$/;

/** When an auto-reply answers: on a new follower, on a keyword, or when nothing else does. */
export const REPLY_TYPES = ['follow', 'keyword', 'default'] as const;
export const MATCH_MODES = ['exact', 'contains'] as const;
export const REPLY_MSG_TYPES = ['text', 'image', 'news', 'voice', 'video'] as const;
/** Materials: a news article (title, description, cover, link) or media uploaded to WeChat (its media_id). */
export const MATERIAL_TYPES = ['news', 'image', 'voice', 'video'] as const;

/** What "test the callback" sends: a follow event, or a text message. */
export const PROBE_KINDS = ['follow', 'text'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** The answer of the "test the callback" button (POST /admin/wechat.Config/test). */
export interface ProbeResult {
  /** The signature (and in safe mode the encryption) worked both ways. */
  ok: boolean;
  mode: MessageMode;
  encrypted: boolean;
  /** HTTP status of the callback's answer (0 when it could not be reached). */
  status: number;
  /** The test message as WeChat would send it, before encryption. */
  sent: string;
  /** The reply as it came back (XML, encrypted in safe mode), or 'success' for "no reply". */
  answer: string;
  /** The reply's fields after decryption (MsgType, Content, MediaId, Title...); null without a reply. */
  reply: Record<string, string> | null;
  /** What went wrong, in the admin's language. */
  error: string | null;
}
