import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { WECHAT_SHARE_SCRIPT } from '../src/shared/wechat.ts';

const SOURCE = fileURLToPath(new URL('../src/islands/wechatShare.ts', import.meta.url));

/**
 * Emits src/islands/wechatShare.ts as its own file of the browser build, under a fixed name outside /assets/
 * (so it is revalidated rather than cached for a year): the server adds it only to pages opened in WeChat's
 * browser, which no page of the build imports.
 */
export function wechatShareScript(): Plugin {
  return {
    name: 'portal:wechat-share',
    apply: 'build',
    buildStart() {
      if (this.environment.name !== 'client') return;
      this.emitFile({ type: 'chunk', id: SOURCE, fileName: WECHAT_SHARE_SCRIPT });
    },
  };
}
