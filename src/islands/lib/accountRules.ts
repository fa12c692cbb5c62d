// What the account forms validate with, in one chunk fetched on demand (lib/forms.ts checkAccount).
export * from '../../shared/schemas/account.ts';
export { email, mobile } from '../../shared/schemas/fields.ts';
