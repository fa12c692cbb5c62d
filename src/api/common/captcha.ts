import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';
import { Refusal } from '../../server/errors.ts';

/** The client makes up the id (a UUID in practice); anything else could not be a key it will send back. */
const CAPTCHA_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `unset` arrives as a JSON boolean or, from forms and query strings, as text. */
function isTruthy(value: unknown): boolean {
  return !(value === undefined || value === null || value === false || value === 0 || value === '' || value === 'false' || value === '0');
}

/** The click captcha of reference 4.1 / 4.2: draw one for a client id, and check the clicks on it. */
export function captchaRoutes(services: Services): ApiRoute[] {
  return [
    {
      methods: ['GET'],
      path: '/api/common/clickCaptcha',
      auth: 'none',
      // Each image costs a render and a PNG encode; each new image is also a fresh guess at the clicks.
      rateLimit: { max: 30, windowSec: 60 },
      async handler({ ctx, input }) {
        const id = input.id;
        if (typeof id !== 'string' || !CAPTCHA_ID.test(id)) throw new Refusal('captcha:badId');
        // Loaded on the first captcha: the canvas addon costs about 20 MB that a site nobody logs in to never needs.
        const { createClickCaptcha } = await import('../../server/services/captcha/image.ts');
        const image = await createClickCaptcha(services.captcha, id, ctx.state.lang);
        return {
          id,
          text: image.targets.map((target) => target.label),
          base64: `data:image/png;base64,${image.png.toString('base64')}`,
          width: image.width,
          height: image.height,
        };
      },
    },
    {
      methods: ['POST'],
      path: '/api/common/checkClickCaptcha',
      auth: 'none',
      rateLimit: { max: 60, windowSec: 60 },
      async handler({ input }) {
        // A failed check deletes the captcha, so guessing costs a new image every time.
        if (!(await services.captcha.check(input.id, input.info, isTruthy(input.unset)))) throw new Refusal('captcha:failed');
        return null;
      },
    },
  ];
}
