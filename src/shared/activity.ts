/** Activity sign-ups as the server answers them and the sign-up island and member centre show them. */

/** Where a member's sign-up stands: a place (paid), in line for one, or given up. */
export const SIGNUP_STATES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

/** The resource whose rows take sign-ups when a request names none: brand activities. */
export const DEFAULT_SIGNUP_RESOURCE = 'content/activity';

/** What an activity page prints of its sign-ups (the same for every visitor, so the page stays cacheable). */
export interface SignupFacts {
  /** 0: no limit. */
  capacity: number;
  /** The fee in yuan ('0.00': free). */
  fee: string;
  opensAt: number | null;
  closesAt: number;
  cancelUntil: number;
}

/** A time column that may be empty: null for none (a cleared date is stored as null or 0). */
export function optionalTime(value: unknown): number | null {
  return value === null || value === undefined || value === '' || !(Number(value) > 0) ? null : Number(value);
}

/** Until when a place can be given up: the staff's deadline, never later than the start. */
export function cancelDeadline(start: number, cancelEnd: number | null): number {
  return Math.min(cancelEnd ?? start, start);
}

/** Whether sign-ups are taken right now: not yet, open (places left or a waitlist), or closed. */
export type SignupWindow = 'notYet' | 'open' | 'closed';

/** GET /api/activity/status: the live state of an activity's sign-ups, and the caller's own. */
export interface SignupStatus {
  id: number;
  resource: string;
  /** 0: no limit. */
  capacity: number;
  /** Confirmed places. */
  taken: number;
  /** Places left, null without a limit. */
  left: number | null;
  waitlist: number;
  /** The fee in yuan ('0.00': free). */
  fee: string;
  window: SignupWindow;
  opensAt: number | null;
  closesAt: number;
  /** Until when a place can be given up with the fee refunded. */
  cancelUntil: number;
  /** Whether the caller is a logged-in member. */
  member: boolean;
  /** The caller's sign-up, when they have one that is not cancelled. */
  mine: { status: Exclude<SignupState, 'cancelled'>; code: string } | null;
}

/** POST /api/activity/signup and /cancel: the sign-up afterwards. */
export interface SignupAnswer {
  status: SignupState;
  code: string;
}

/** A row of GET /api/account/activities: the member's sign-up, its code and the code as a QR image. */
export interface MemberSignup {
  id: number;
  resource: string;
  rowId: number;
  title: string;
  /** The activity's public page, when it has one. */
  url: string | null;
  startTime: number;
  status: SignupState;
  /** Paid, in yuan. */
  fee: string;
  /** Refunded on cancelling, in yuan. */
  refund: string;
  code: string;
  /** The code as an SVG image (a data: URL), shown at the venue; empty unless the place is confirmed. */
  qr: string;
  checkinTime: number | null;
  /** Whether the member may cancel now (before the deadline for a place, before the start in line). */
  cancellable: boolean;
  cancelUntil: number;
}

/** What a check-in code looks like: letters and digits that cannot be mistaken for one another. */
export const CHECKIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CHECKIN_CODE_LENGTH = 10;
export const CHECKIN_CODE_PATTERN = new RegExp(`^[${CHECKIN_CODE_ALPHABET}]{${CHECKIN_CODE_LENGTH}}$`);

/** A typed or scanned code as stored: upper case, without spaces or dashes a person may add. */
export function normalizeCheckinCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}
