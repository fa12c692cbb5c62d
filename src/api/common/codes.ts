import type { Context } from 'koa';
import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import type { Services } from '../../server/services/index.ts';
import type { UserRow } from '../../server/services/accounts.ts';
import { now } from '../../server/services/clock.ts';
import { CODE_SPACING } from '../../server/services/codes.ts';
import { errorText } from '../../server/services/mail.ts';
import { verifyPassword } from '../../server/services/passwords.ts';
import { isMobile } from '../../shared/validation.ts';
import type { ApiRequest, ApiRoute } from '../types.ts';
import { Refusal, Success } from '../../server/errors.ts';

const emailSchema = lazySchema(() => z.email().max(254));

/**
 * How one channel (e-mail or SMS) names its fields and delivers. The events and their rules are the same for
 * both (reference 5.1; 5.2 mirrors it); see `eventsOf`.
 */
interface Channel {
  /** The request field and the `user` column holding the destination. */
  field: 'email' | 'mobile';
  /** The request field naming the event: `event` for mail, `template_code` for SMS. */
  eventField: string;
  isValid(value: string): boolean;
  available(): Promise<boolean>;
  deliver(ctx: Context, destination: string, event: string, code: string): Promise<void>;
  messages: {
    unavailable: string;
    invalid: string;
    registered: string;
    inUse: string;
    notRegistered: string;
    notYours: string;
    sent: string;
  };
}

/**
 * The events a channel sends codes for, two of them named for its field: registering, resetting the password,
 * a new address for changeBind (must be free), and proving the current one (login, own address, password).
 * Any other event is refused rather than sent unchecked.
 */
function eventsOf(field: Channel['field']) {
  return { register: 'user_register', retrieve: 'user_retrieve_pwd', change: `user_change_${field}`, verify: `user_${field}_verify` } as const;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function fail(key: string, params: Record<string, unknown> = {}): Refusal {
  return new Refusal(`codes:${key}`, 0, null, params);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The destination with case and blanks ignored: e-mail addresses are compared that way everywhere here. */
function sameDestination(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function codeRoutes(services: Services): ApiRoute[] {
  const { settings, knex } = services;

  async function siteName(ctx: Context): Promise<string> {
    return (ctx.state.lang === 'en' && (await settings.get('site_name_en'))) || (await settings.get('site_name'));
  }

  async function memberBy(field: Channel['field'], value: string): Promise<UserRow | undefined> {
    return knex<UserRow>('user').whereRaw(`lower(??) = ?`, [field, value.toLowerCase()]).first();
  }

  async function checkEvent(channel: Channel, req: ApiRequest, destination: string, event: string): Promise<void> {
    const { field, messages } = channel;
    const events = eventsOf(field);
    if (event === events.register && (await memberBy(field, destination))) throw fail(messages.registered);
    if (event === events.change && (await memberBy(field, destination))) throw fail(messages.inUse);
    if (event === events.retrieve && !(await memberBy(field, destination))) throw fail(messages.notRegistered);
    if (event === events.verify) {
      // Code 0, not 303: the reference's client must stay on the form rather than jump to the login page.
      if (!req.user) throw fail('loginFirst');
      if (!req.user[field] || !sameDestination(req.user[field], destination)) throw fail(messages.notYours);
      const password = typeof req.input.password === 'string' ? req.input.password : '';
      if (!password || !(await verifyPassword(password, req.user.password, req.user.salt)).ok) throw fail('passwordError');
    }
  }

  /** Checks in the order of reference 5.1, then creates the code and hands it to the channel. */
  async function send(channel: Channel, req: ApiRequest): Promise<Success<null>> {
    const { ctx, input } = req;
    if (!(await channel.available())) throw fail(channel.messages.unavailable);
    const destination = str(input[channel.field]);
    if (!channel.isValid(destination)) throw fail(channel.messages.invalid);
    const event = str(input[channel.eventField]);
    if (!event) throw fail('eventRequired');
    if (!Object.values<string>(eventsOf(channel.field)).includes(event)) throw fail('unknownEvent');
    if (!str(input.captchaId) || !str(input.captchaInfo)) throw fail('captchaError');
    if (!(await services.captcha.verify(input.captchaId, input.captchaInfo))) throw fail('captchaError');
    const last = await services.codes.lastSentAt(destination, event);
    const wait = last === null ? 0 : last + CODE_SPACING - now();
    if (wait > 0) throw fail('tooOften', { seconds: wait });
    await checkEvent(channel, req, destination, event);
    const code = await services.codes.create(destination, event);
    try {
      await channel.deliver(ctx, destination, event, code);
    } catch (err) {
      services.log.warn({ err, channel: channel.field, event }, 'verification code not delivered');
      throw fail('sendFailed', { error: errorText(err) });
    }
    return new Success(null, `codes:${channel.messages.sent}`);
  }

  const mail: Channel = {
    field: 'email',
    eventField: 'event',
    isValid: (value) => emailSchema().safeParse(value).success,
    available: () => services.mail.available(),
    async deliver(ctx, destination, event, code) {
      const { t } = ctx.state;
      const site = await siteName(ctx);
      const eventTitle = t(`codes:events.${event}`);
      const lines = (values: { site: string; event: string; code: string }) => [
        t('codes:mail.greeting'),
        t('codes:mail.intro', values),
        t('codes:mail.code', values),
        t('codes:mail.ignore'),
      ];
      const html = lines({ site: escapeHtml(site), event: escapeHtml(eventTitle), code: `<strong>${code}</strong>` })
        .map((line) => `<p>${line}</p>`)
        .join('\n');
      await services.mail.send({
        to: destination,
        subject: t('codes:mail.subject', { event: eventTitle, site }),
        html,
        text: lines({ site, event: eventTitle, code }).join('\n\n'),
      });
    },
    messages: {
      unavailable: 'mailUnavailable',
      invalid: 'emailInvalid',
      registered: 'emailRegistered',
      inUse: 'emailInUse',
      notRegistered: 'emailNotRegistered',
      notYours: 'notYourEmail',
      sent: 'mailSent',
    },
  };

  const sms: Channel = {
    field: 'mobile',
    eventField: 'template_code',
    isValid: isMobile,
    available: () => services.sms.available(),
    async deliver(ctx, destination, event, code) {
      await services.sms.sendCode({ mobile: destination, templateCode: event, code, lang: ctx.state.lang });
    },
    messages: {
      unavailable: 'smsUnavailable',
      invalid: 'mobileInvalid',
      registered: 'mobileRegistered',
      inUse: 'mobileInUse',
      notRegistered: 'mobileNotRegistered',
      notYours: 'notYourMobile',
      sent: 'smsSent',
    },
  };

  // Each send costs a solved captcha already; the per-IP brake stops a solver farm from flooding inboxes.
  const rateLimit = { max: 10, windowSec: 60 };
  return [
    { methods: ['POST'], path: '/api/Ems/send', auth: 'none', rateLimit, handler: (req) => send(mail, req) },
    { methods: ['POST'], path: '/api/Sms/send', auth: 'none', rateLimit, handler: (req) => send(sms, req) },
  ];
}
