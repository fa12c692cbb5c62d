import { ApiCode, NEED_LOGIN } from '../../shared/api/envelope.ts';
import type { MenuNode } from '../../shared/account.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import type { RuleRow, UserRow } from '../../server/services/accounts.ts';
import type { Services } from '../../server/services/index.ts';
import { buildTree, headNavOf } from '../../server/services/menus.ts';
import type { SiteState } from '../../shared/site.ts';
import { MEMBER_RULES_TAG } from '../../server/guestIndex.ts';
import type { ApiRoute } from '../types.ts';
import { Refusal } from '../../server/errors.ts';

const GUEST_RULE_TYPES = ['route', 'nav', 'button'];

/**
 * GET /api/index/index: what the site header and the member centre need on first load (reference 7, 3.8).
 * `requiredLogin=1` (the member centre) makes a guest answer 303, or 409 when the token has only expired.
 */
export function indexRoutes(services: Services): ApiRoute[] {
  const { settings, auth, members, knex } = services;
  // Every guest gets the same rule tree, one per language (its titles are in the reader's), and the same
  // answer: both are built once and dropped when member rules change (in any process) or on "clear cache".
  const guestTrees = new Map<Lang, MenuNode[]>();
  services.caches.register('guestRules', (tags) => {
    // Content-kind invalidations do not touch the rules.
    if (tags && !tags.includes(MEMBER_RULES_TAG)) return;
    guestTrees.clear();
    services.guestIndex.clear();
  });

  async function guestRules(lang: Lang): Promise<MenuNode[]> {
    let tree = guestTrees.get(lang);
    if (!tree) {
      const rows = await knex<RuleRow>('user_rule').where({ status: '1', no_login_valid: 1 }).whereIn('type', GUEST_RULE_TYPES);
      tree = buildTree(rows, lang);
      guestTrees.set(lang, tree);
    }
    return tree;
  }

  async function memberTrees(user: UserRow | null, lang: Lang): Promise<{ rules: MenuNode[]; menus: MenuNode[] }> {
    if (!user) return { rules: await guestRules(lang), menus: [] };
    const perms = await auth.userPermissions(user);
    const query = knex<RuleRow>('user_rule').where({ status: '1' });
    if (!perms.super) query.whereIn('id', [...perms.ruleIds]);
    const tree = buildTree(await query, lang);
    return {
      menus: tree.filter((n) => n.type === 'menu_dir'),
      // Top-level pages outside any menu group are not shown in the member centre (reference 3.8).
      rules: tree.filter((n) => n.type !== 'menu_dir' && n.type !== 'menu'),
    };
  }

  return [
    {
      methods: ['GET', 'POST'],
      path: '/api/index/index',
      auth: 'none',
      async handler({ ctx, input, user, tokens }) {
        if (String(input.requiredLogin ?? '') === '1' && !user) {
          const session = await auth.resolve('user', tokens.user, ctx.ip);
          if (session.status === 'expired') throw new Refusal('tokenExpired', ApiCode.tokenExpired, []);
          throw new Refusal('pleaseLoginFirst', ApiCode.loginState, { type: NEED_LOGIN });
        }
        const origin = services.config.publicUrl || `//${ctx.host}`;
        const generation = services.guestIndex.generation;
        const trees = await memberTrees(user, ctx.state.lang);
        const state: SiteState = { apiUrl: origin, headNav: headNavOf(trees.rules), initialize: true, userInitialize: user !== null };
        const answer = {
          site: { ...(await settings.site(ctx.state.lang, origin)), ...state },
          openMemberCenter: await settings.flag('open_member_center'),
          // The token the member sent: BuildAdmin's client merges userInfo into its store, so "" would log it out.
          userInfo: user ? members.userInfo(user, { token: tokens.user }) : [],
          ...trees,
        };
        if (!user) services.guestIndex.set(services.guestIndex.key(origin, ctx.state.lang), answer, generation);
        return answer;
      },
    },
  ];
}
