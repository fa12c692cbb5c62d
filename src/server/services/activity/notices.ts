import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { centsToYuan } from '../../../shared/account.ts';
import { DEFAULT_LANG } from '../../../shared/i18n/langs.ts';
import { DEFAULT_TIME_ZONE, formatTime, isTimeZone } from '../../../shared/time.ts';
import { bilingual, type Bilingual } from '../bilingual.ts';
import type { MailService } from '../mail.ts';
import { notifyMember } from '../memberMessages.ts';
import type { SmsService } from '../sms.ts';

/** What a member is told about: a place, a place in line, a place given up, a promotion, being passed over, the day before. */
export type NoticeKind = 'confirmed' | 'waitlisted' | 'cancelled' | 'promoted' | 'passedOver' | 'reminder';

/** The kinds that also go out by e-mail or SMS where the site sends them; the others stay in the inbox. */
const DELIVERED: readonly NoticeKind[] = ['confirmed', 'promoted', 'reminder'];

/** The SMS template of each delivered kind (seeded, editable under SMS → SMS templates). */
export const NOTICE_TEMPLATES: Readonly<Partial<Record<NoticeKind, string>>> = {
  confirmed: 'activity_confirmed',
  promoted: 'activity_promoted',
  reminder: 'activity_reminder',
};

export interface NoticeData {
  userId: number;
  title: Bilingual;
  /** Cents charged or refunded. */
  fee: number;
  start: number;
  code: string;
}

/** A notice written to the inbox, to deliver by e-mail or SMS once its transaction has committed. */
export interface Notice extends NoticeData {
  kind: NoticeKind;
  /** The texts as the inbox has them. */
  subject: Bilingual;
  body: Bilingual;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The site's time zone read through `db` (inside a transaction that holds SQLite's one connection). */
async function zoneOf(db: Knex | Knex.Transaction): Promise<string> {
  const row = await db('config').where({ name: 'time_zone' }).first<{ value: string | null } | undefined>('value');
  const zone = String(row?.value ?? '').trim();
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * Tells members about their sign-ups: always a message in the member centre (both languages, as their
 * language is not stored), and for a place, a promotion and the day-before reminder an e-mail when the site
 * sends mail and the member has an address, else an SMS when the site sends SMS, the member has a number and
 * the event's template is enabled. A notice that cannot be delivered is logged; it never undoes a sign-up.
 */
export class SignupNotices {
  constructor(
    private readonly knex: Knex,
    private readonly mail: MailService,
    private readonly sms: SmsService,
    private readonly log: Logger,
  ) {}

  /** Writes the inbox message through `db` (the sign-up's transaction) and returns the notice to deliver. */
  async inbox(db: Knex | Knex.Transaction, kind: NoticeKind, data: NoticeData): Promise<Notice> {
    const time = formatTime(data.start, 'yyyy-mm-dd hh:MM', await zoneOf(db));
    const params = { title: data.title.zh, titleEn: data.title.en, time, fee: centsToYuan(data.fee), code: data.code };
    const subject = bilingual('activity', `notice.${kind}.title`, params);
    const body = bilingual('activity', `notice.${kind}.content`, params);
    await notifyMember(db, data.userId, { title: subject, content: body });
    return { ...data, kind, subject, body };
  }

  /** Sends them without keeping the member waiting for the mail server (a failure is logged either way). */
  deliverLater(notices: readonly Notice[]): void {
    if (notices.length) void this.deliver(notices);
  }

  /** Sends the e-mails and text messages of notices whose transaction committed. */
  async deliver(notices: readonly Notice[]): Promise<void> {
    for (const notice of notices) {
      if (!DELIVERED.includes(notice.kind)) continue;
      try {
        await this.send(notice);
      } catch (err) {
        this.log.warn({ err, kind: notice.kind, userId: notice.userId }, 'activity notice not delivered');
      }
    }
  }

  private async send(notice: Notice): Promise<void> {
    const member = await this.knex('user').where({ id: notice.userId }).first<{ email: string | null; mobile: string | null } | undefined>('email', 'mobile');
    const email = String(member?.email ?? '').trim();
    const mobile = String(member?.mobile ?? '').trim();
    if (email && (await this.mail.available())) {
      await this.mail.send({
        to: email,
        subject: `${notice.subject.zh} / ${notice.subject.en}`,
        html: `<p>${escapeHtml(notice.body.zh)}</p><hr><p lang="en">${escapeHtml(notice.body.en)}</p>`,
        text: `${notice.body.zh}\n\n${notice.body.en}`,
      });
      return;
    }
    const template = NOTICE_TEMPLATES[notice.kind];
    if (!mobile || !template || !(await this.sms.deliversToPhones()) || !(await this.sms.templateEnabled(template))) return;
    await this.sms.sendCode({
      mobile,
      templateCode: template,
      code: notice.code,
      lang: DEFAULT_LANG,
      values: { title: notice.title.zh, time: formatTime(notice.start, 'yyyy-mm-dd hh:MM', await zoneOf(this.knex)) },
    });
  }
}
