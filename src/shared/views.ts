/**
 * Menu rules name the screen they open (`component`) by a view path in BuildAdmin's convention, so that its
 * web client and ours read the same rows: BuildAdmin's client registers a route only when `component` is one
 * of its view files, and our apps resolve their own screens from the same value.
 *
 *   admin:  /src/views/backend/<name>/index.vue   (dashboard and routine/adminInfo are single files:
 *           /src/views/backend/dashboard.vue, /src/views/backend/routine/adminInfo.vue)
 *   member: /src/views/frontend/user/<name>.vue    e.g. /src/views/frontend/user/account/overview.vue
 *
 * Screens BuildAdmin has no view for (content kinds, trail applications, member messages) use the same
 * convention, e.g. /src/views/backend/content/news/index.vue; its client then leaves them out of its menu.
 */

export const ADMIN_VIEW_ROOT = '/src/views/backend/';
export const MEMBER_VIEW_ROOT = '/src/views/frontend/user/';

/** Admin screens that BuildAdmin keeps as one file rather than a folder with an index.vue. */
const SINGLE_FILE_ADMIN_VIEWS: ReadonlySet<string> = new Set(['dashboard', 'routine/adminInfo']);

/** The view path of an admin screen: 'auth/admin' → '/src/views/backend/auth/admin/index.vue'. */
export function adminView(screen: string): string {
  return SINGLE_FILE_ADMIN_VIEWS.has(screen) ? `${ADMIN_VIEW_ROOT}${screen}.vue` : `${ADMIN_VIEW_ROOT}${screen}/index.vue`;
}

/**
 * Admin rules whose screen is not named like the rule, as in BuildAdmin: its CRUD generator's rule is
 * `crud/crud` and its view `/src/views/backend/crud/index.vue` (the client registers no route otherwise).
 */
const ADMIN_RULE_SCREENS: Readonly<Record<string, string>> = { 'crud/crud': 'crud' };

/** The view path a seeded admin rule names: its own name's, or the one BuildAdmin gives it. */
export function adminRuleView(rule: string): string {
  return adminView(ADMIN_RULE_SCREENS[rule] ?? rule);
}

/** The view path of a member-centre screen: 'account/overview' → '/src/views/frontend/user/account/overview.vue'. */
export function memberView(screen: string): string {
  return `${MEMBER_VIEW_ROOT}${screen}.vue`;
}

/** Backslashes become slashes, as the reference does when a rule is saved (Windows paths pasted in). */
export function normalizeView(component: string): string {
  return component.trim().replace(/\\/g, '/');
}

/** The admin screen a view path names ('/src/views/backend/auth/admin/index.vue' → 'auth/admin'), or null. */
export function adminScreenOf(component: string): string | null {
  const path = normalizeView(component);
  if (!path.startsWith(ADMIN_VIEW_ROOT) || !path.endsWith('.vue')) return null;
  const screen = path.slice(ADMIN_VIEW_ROOT.length, -'.vue'.length).replace(/\/index$/, '');
  return /^[A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)*$/.test(screen) ? screen : null;
}

/** The member-centre screen a view path names ('/src/views/frontend/user/account/profile.vue' → 'account/profile'). */
export function memberScreenOf(component: string): string | null {
  const path = normalizeView(component);
  if (!path.startsWith(MEMBER_VIEW_ROOT) || !path.endsWith('.vue')) return null;
  const screen = path.slice(MEMBER_VIEW_ROOT.length, -'.vue'.length);
  return /^[A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)*$/.test(screen) ? screen : null;
}
