/**
 * Field rules of spec section 5, shared by forms (before sending) and the server (zod schemas build on them).
 */

/** 3 to 15 characters, a letter first, then letters, digits or underscore. */
export const ACCOUNT_NAME = /^[A-Za-z][A-Za-z0-9_]{2,14}$/;

/** 6 to 32 characters, none of & < > " ' (nor line breaks, which no password field can hold). */
export const PASSWORD = /^[^&<>"'\r\n]{6,32}$/;

/** Mainland China mobile number: 1, then 3-9, then 9 digits. */
export const MOBILE = /^1[3-9]\d{9}$/;

/** A Chinese name (two or more Han characters, parts joined by a middle dot) or a Latin-script name. */
const CHINESE_NAME = /^[\u3400-\u9fff]{1,15}(?:[·•][\u3400-\u9fff]{1,15})*$/u;
const LATIN_NAME = /^[A-Za-zÀ-ÖØ-öø-ÿ]+(?:(?:\. |[ '.-])[A-Za-zÀ-ÖØ-öø-ÿ]+)*\.?$/u;

export function isAccountName(value: string): boolean {
  return ACCOUNT_NAME.test(value);
}

export function isPassword(value: string): boolean {
  return PASSWORD.test(value);
}

export function isMobile(value: string): boolean {
  return MOBILE.test(value);
}

export function isName(value: string): boolean {
  const v = value.trim();
  if (CHINESE_NAME.test(v)) return [...v.replace(/[·•]/g, '')].length >= 2;
  return v.length >= 2 && v.length <= 50 && LATIN_NAME.test(v);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function isRealDate(year: number, month: number, day: number, today: Date): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return false;
  return year >= 1900 && d.getTime() <= today.getTime();
}

/**
 * Resident identity card number of mainland China: 18 characters with a valid birth date and the ISO 7064
 * MOD 11-2 check character (X for 10), or the old 15-digit form with a valid 19YY birth date.
 */
export function isIdNumber(value: string, today: Date = new Date()): boolean {
  const v = value.trim().toUpperCase();
  if (/^[1-9]\d{14}$/.test(v)) {
    return isRealDate(1900 + Number(v.slice(6, 8)), Number(v.slice(8, 10)), Number(v.slice(10, 12)), today);
  }
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return false;
  if (!isRealDate(Number(v.slice(6, 10)), Number(v.slice(10, 12)), Number(v.slice(12, 14)), today)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return ID_CHECK[sum % 11] === v[17];
}

/** Rich-text editors leave markup behind when emptied: content counts only if text or media remains. */
export function isEditorFilled(html: string): boolean {
  if (/<(img|video|audio|iframe)\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}
