import { ApiCode, LOGGED_IN } from '../../shared/api/envelope.ts';
import type { AdminInfo, AdminLoginInfo, AdminSummary } from '../../shared/account.ts';
import { adminLoginSchema } from '../../shared/schemas/account.ts';
import { formatTime } from '../../shared/time.ts';
import { DEFAULT_AVATAR, keepPreviousLogin, type AdminRow, type RuleRow } from '../../server/services/accounts.ts';
import type { Services } from '../../server/services/index.ts';
import { buildTree } from '../../server/services/menus.ts';
import type { SiteState } from '../../shared/site.ts';
import type { ApiRoute } from '../types.ts';
import { parseInput } from '../../server/validate.ts';
import { terminalSettings } from './terminal.ts';
import { Refusal, Success } from '../../server/errors.ts';
import { logoutRoute } from '../common/logout.ts';

/** The admin as the login answer and the index call tell of them; "last login" is the login before the current one, as the reference shows it ('YYYY-MM-DD HH:mm:ss' or ''). */
function adminSummary(admin: AdminRow, timeZone: string): AdminSummary {
  return {
    id: admin.id,
    username: admin.username,
    nickname: admin.nickname,
    avatar: admin.avatar || DEFAULT_AVATAR,
    last_login_time: formatTime(admin.prev_login_time, undefined, timeZone),
  };
}

/** Admin login, logout and the back office's first-load data (reference 1.2). */
export function adminIndexRoutes(services: Services): ApiRoute[] {
  const { knex, tokens, captcha, config, settings, loginThrottle } = services;

  return [
    {
      methods: ['GET'],
      path: '/admin/index/login',
      auth: 'none',
      async handler({ admin }) {
        if (admin) throw new Refusal('account:alreadyLoggedIn', ApiCode.loginState, { type: LOGGED_IN });
        return { captcha: config.adminLoginCaptcha };
      },
    },
    {
      methods: ['POST'],
      path: '/admin/index/login',
      auth: 'none',
      logTitle: 'Login',
      secretInputs: ['password'],
      rateLimit: { max: 30, windowSec: 60 },
      async handler(req) {
        const { admin, input, ctx } = req;
        if (admin) throw new Refusal('account:alreadyLoggedIn', ApiCode.loginState, { type: LOGGED_IN });
        const data = parseInput(adminLoginSchema(), input);
        const row = await knex<AdminRow>('admin').where({ username: data.username }).first();
        if (row) req.actor = { id: row.id, username: row.username };
        const id = await loginThrottle.attempt({
          side: 'admin',
          name: data.username,
          account: row && { id: row.id, password: row.password, salt: row.salt, enabled: row.status === '1' },
          password: data.password,
          ip: ctx.ip,
          captchaAlways: config.adminLoginCaptcha,
          verifyCaptcha: () => captcha.verify(data.captchaId, data.captchaInfo),
        });
        // The account exists once the attempt succeeded: its login before this one becomes "last login".
        if (row) await keepPreviousLogin(knex, 'admin', row);
        const fresh = (await knex<AdminRow>('admin').where({ id }).first())!;
        const userInfo: AdminLoginInfo = { ...adminSummary(fresh, await settings.timeZone()), ...(await tokens.issueLogin('admin', fresh.id, data.keep, await settings.flag('admin_sso'))) };
        return new Success({ userInfo }, 'account:loginSuccess');
      },
    },
    {
      methods: ['GET'],
      path: '/admin/index/index',
      auth: 'admin',
      async handler({ admin, adminPermissions, ctx }) {
        const perms = adminPermissions!;
        const query = knex<RuleRow>('admin_rule').where({ status: '1' });
        if (!perms.super) query.whereIn('id', [...perms.ruleIds]);
        const menus = buildTree(await query, ctx.state.lang);
        if (menus.length === 0) throw new Refusal('account:noBackendMenu');
        const adminInfo: AdminInfo = { ...adminSummary(admin!, await settings.timeZone()), super: perms.super };
        const origin = config.publicUrl || `//${ctx.host}`;
        const site = await settings.site(ctx.state.lang, origin);
        // The spec's site state: the admin has no top-bar navigation, and its account is loaded with this answer.
        const state: SiteState = { apiUrl: origin, headNav: [], initialize: true, userInitialize: true };
        return {
          adminInfo,
          menus,
          siteConfig: { siteName: site.siteName, version: site.version, cdnUrl: site.cdnUrl, timeZone: site.timeZone, upload: site.upload, ...state },
          terminal: { phpDevelopmentServer: false, npmPackageManager: (await terminalSettings(services)).packageManager },
        };
      },
    },
    logoutRoute(tokens, 'admin', '/admin/index/logout'),
  ];
}
