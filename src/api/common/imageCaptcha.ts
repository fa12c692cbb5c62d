import type { Services } from '../../server/services/index.ts';
import { IMAGE_CAPTCHA_ID } from '../../server/services/captcha/imageCaptcha.ts';
import type { ApiRoute } from '../types.ts';
import { Refusal } from '../../server/errors.ts';

/**
 * The image captcha of reference member 4.4: a PNG of four digits for a client-chosen id, not the envelope.
 * Member logins accept its code in place of the click captcha (`captchaId` + `captcha`), as BuildAdmin's
 * client posts it.
 */
export function imageCaptchaRoutes(services: Services): ApiRoute[] {
  return [
    {
      methods: ['GET'],
      path: '/api/common/captcha',
      auth: 'none',
      // Each new image is a render, a PNG encode and a fresh code to guess.
      rateLimit: { max: 30, windowSec: 60 },
      async handler({ ctx, input }) {
        const id = input.id;
        if (typeof id !== 'string' || !IMAGE_CAPTCHA_ID.test(id)) throw new Refusal('captcha:badId');
        // The canvas addon loads with the first captcha, as for the click captcha.
        const { drawDigitCaptcha } = await import('../../server/services/captcha/digitImage.ts');
        const png = await services.imageCaptcha.image(id, drawDigitCaptcha);
        ctx.set('Cache-Control', 'no-store');
        // An <img> of a client served from another allowed origin shows it (reference: apiUrl's captcha).
        ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
        ctx.type = 'image/png';
        ctx.body = png;
      },
    },
  ];
}
