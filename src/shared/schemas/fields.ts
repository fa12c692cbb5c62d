import { z } from 'zod';
import './zodSetup.ts';
import { ACCOUNT_NAME, MOBILE, PASSWORD } from '../validation.ts';

/**
 * Field schemas shared by forms and the server. Messages are catalogue keys (`validate:` or `account:`
 * namespaces); each side translates them into the visitor's language.
 */
const trimmed = () => z.string().trim();

export const requiredString = (message = 'validate:required') => trimmed().min(1, { message });

export const accountName = () => trimmed().regex(ACCOUNT_NAME, { message: 'validate:account' });
export const password = () => z.string().regex(PASSWORD, { message: 'validate:password' });
export const email = () => trimmed().max(50, { message: 'validate:email' }).pipe(z.email({ message: 'validate:email' }));
export const mobile = () => trimmed().regex(MOBILE, { message: 'validate:mobile' });
export const verifyCode = () => trimmed().min(1, { message: 'account:codeRequired' }).max(10, { message: 'account:codeWrong' });

/** Form fields arrive as strings; booleans may be true/'1'/'true'/'on'. */
export const flag = () =>
  z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');
