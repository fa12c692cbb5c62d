import { z } from 'zod';
import { accountName, email, flag, mobile, password, requiredString, verifyCode } from './fields.ts';
import { lazySchema } from './lazySchema.ts';

export const VERIFY_TYPES = ['email', 'mobile'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];
const verifyType = () => z.enum(VERIFY_TYPES, { message: 'account:unknownType' });

/** Member login: the account may be a username, e-mail or mobile number (reference 3.3). */
export const loginSchema = lazySchema(() =>
  z.object({
    username: requiredString('account:accountRequired').pipe(z.string().max(50, { message: 'account:accountRequired' })),
    password: password(),
    keep: flag(),
    captchaId: z.string().optional(),
    captchaInfo: z.string().optional(),
    /** The code of the image captcha (GET /api/common/captcha), which may stand in for the click captcha. */
    captcha: z.string().optional(),
  }),
);

export const registerSchema = lazySchema(() =>
  z
    .object({
      username: accountName(),
      password: password(),
      registerType: verifyType(),
      email: z.string().trim().optional().default(''),
      mobile: z.string().trim().optional().default(''),
      captcha: verifyCode(),
    })
    .superRefine(
      (v, ctx) => {
        // Only the channel the code was sent through is required; the other may be blank or valid.
        if (v.registerType === 'email' || v.email) {
          if (!email().safeParse(v.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validate:email' });
        }
        if (v.registerType === 'mobile' || v.mobile) {
          if (!mobile().safeParse(v.mobile).success) ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validate:mobile' });
        }
      },
      // Also when other fields failed, so a form can show every problem at once (v then holds the raw input).
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
);

const NICKNAME = /^[\u3400-\u9fffA-Za-z0-9_-]+$/u;

export const profileSchema = lazySchema(() =>
  z.object({
    avatar: z.string().trim().max(255).optional().default(''),
    username: accountName(),
    nickname: requiredString('account:nicknameRequired').pipe(
      z.string().max(50, { message: 'account:nicknameFormat' }).regex(NICKNAME, { message: 'account:nicknameFormat' }),
    ),
    gender: z.coerce.number().int().min(0).max(2, { message: 'account:genderInvalid' }).optional().default(0),
    birthday: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), {
        message: 'validate:date',
      }),
    motto: z.string().trim().max(255, { message: 'account:mottoTooLong' }).optional().default(''),
  }),
);

export const changePasswordSchema = lazySchema(() =>
  z.object({
    oldPassword: requiredString('account:oldPasswordRequired'),
    newPassword: password(),
  }),
);

export const retrievePasswordSchema = lazySchema(() =>
  z.object({
    type: verifyType(),
    account: requiredString('account:accountRequired'),
    captcha: verifyCode(),
    password: password(),
  }),
);

export const verificationSchema = lazySchema(() =>
  z.object({
    type: verifyType(),
    captcha: verifyCode(),
  }),
);

export const changeBindSchema = lazySchema(() =>
  z.object({
    type: verifyType(),
    captcha: verifyCode(),
    email: z.string().trim().optional().default(''),
    mobile: z.string().trim().optional().default(''),
    accountVerificationToken: z.string().trim().optional().default(''),
    password: z.string().optional().default(''),
  }),
);

export const adminLoginSchema = lazySchema(() =>
  z.object({
    username: requiredString('account:accountRequired').pipe(z.string().min(3, { message: 'account:adminUsernameLength' }).max(30, { message: 'account:adminUsernameLength' })),
    password: password(),
    keep: flag(),
    captchaId: z.string().optional(),
    captchaInfo: z.string().optional(),
  }),
);

/** `page` and `limit` of paged lists (default 15 per page, at most 100). */
export const pageSchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).optional().default(1).catch(1),
    limit: z.coerce.number().int().min(1).max(100).optional().default(15).catch(15),
  }),
);
