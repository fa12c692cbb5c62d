import type { Services } from '../../../server/services/index.ts';
import type { ApiRoute } from '../../types.ts';
import { APP_ID, APP_SECRET } from '../../../shared/wechat.ts';
import { settingsRoutes } from './settings.ts';
import { Refusal } from '../../../server/errors.ts';

/** wechat/miniProgram: the mini program's AppID and AppSecret, which members' mini program sign-in needs. */
export function miniProgramRoutes(services: Services): ApiRoute[] {
  return settingsRoutes(services, {
    controller: 'wechat.MiniProgram',
    group: 'mini_program',
    check(values) {
      if (values.mini_program_app_id && !APP_ID.test(values.mini_program_app_id)) throw new Refusal('wechat:appIdInvalid');
      if (values.mini_program_app_secret && !APP_SECRET.test(values.mini_program_app_secret)) throw new Refusal('wechat:appSecretInvalid');
    },
    extra: ({ ctx }) => ({ loginUrl: `${services.origin(ctx)}/api/user/miniLogin` }),
  });
}
