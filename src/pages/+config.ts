import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';

export default {
  extends: [vikeReact],
  // Every page is server-rendered HTML; interactive parts are islands hydrated by the +client.ts loader of
  // the folders that have any, so a page without islands ships no JavaScript at all.
  clientHooks: false,
  // The whole HTML is built before sending so the server can cache it and set an exact status code.
  stream: false,
  favicon: '/favicon.svg',
} satisfies Config;
