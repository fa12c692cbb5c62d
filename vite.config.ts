import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { iconStyles, isGlyphFile } from './scripts/iconStyles.ts';
import { translationShims } from './scripts/translationShims.ts';
import { memberPartDropped, purgeUnusedCss } from './scripts/purgeCss.ts';
import { SASS_OPTIONS } from './scripts/sassOptions.ts';
import { wechatShareScript } from './scripts/wechatShareScript.ts';
import { preactInBrowser } from './scripts/preactInBrowser.ts';
import { OUT_DIR_ENV } from './src/server/buildStamp.ts';

declare module 'vite' {
  interface UserConfig {
    /** Options of Vike's @brillout/vite-plugin-server-entry, which reads them from the Vite config. */
    vitePluginServerEntry?: { disableAutoImport?: boolean };
  }
}

// Modules (paths under src/) that travel together rather than in a chunk per set of islands sharing them.
/** The island loader, which runs before React: it may send a guest to log in before any framework loads. */
const LOADER = ['islands/hydrate.ts', 'islands/islandDef.ts', 'shared/i18n/langs.ts', 'shared/i18n/catalogues.ts', 'shared/request/tokens.ts', 'shared/constants/storage.ts', 'shared/api/envelope.ts'];
/** What every island needs once React is there: translation, the request client, forms and their problems. */
const ISLAND_CORE = [
  'islands/lib/translation.ts',
  'islands/lib/request.ts',
  'islands/lib/toast.ts',
  'islands/lib/forms.ts',
  'islands/lib/useFormProblem.tsx',
  'islands/lib/LazyClickCaptcha.tsx',
  'islands/user/store.ts',
  'shared/request/client.ts',
  'shared/request/messages.ts',
  'shared/request/query.ts',
  'shared/i18n/links.ts',
  'shared/constants/layout.ts',
];
const inSrc = (files: readonly string[]) => (id: string) => files.some((file) => id.replaceAll('\\', '/').endsWith(`/src/${file}`));

export default defineConfig(({ command }) => ({
  plugins: [preactInBrowser(), translationShims(), react(), vike(), iconStyles(), wechatShareScript()],
  // The server imports the build it serves itself (src/server/render.ts), so a build must not rewrite the
  // shared pointer file in node_modules that would otherwise send every process to the newest one.
  vitePluginServerEntry: { disableAutoImport: true },
  // The server side of a build is imported by Node's own loader (src/server/importFile.ts), which refuses the
  // folder and extension-less module names of react-bootstrap and the packages under it: they are built in,
  // as their ES modules. With 'node' among the conditions (the default) @restart/ui picks its CommonJS files,
  // whose require() of React the server bundle cannot answer with the bundle's own React.
  ssr: {
    noExternal: [/^(react-bootstrap|@restart\/(ui|hooks)|dom-helpers|uncontrollable|react-transition-group)(\/|$)/],
    resolve: { conditions: ['module', 'development|production'] },
  },
  // react-bootstrap's transitions wait on this; ours counts only the element's own end (see the module).
  resolve: { alias: [{ find: /^dom-helpers\/transitionEnd$/, replacement: fileURLToPath(new URL('./src/islands/lib/transitionEnd.ts', import.meta.url)) }] },
  css: {
    // A build serves what it scanned; the dev server keeps every rule so a new class works before a rebuild
    // (and needs no second copy of the site's rules in user.scss).
    postcss: { plugins: [command === 'build' ? purgeUnusedCss() : memberPartDropped()] },
    preprocessorOptions: {
      scss: { ...SASS_OPTIONS, silenceDeprecations: [...SASS_OPTIONS.silenceDeprecations] },
    },
  },
  build: {
    target: 'es2022',
    // The icon glyphs stay files, fetched when drawn (scripts/iconStyles.ts); other small assets are inlined.
    assetsInlineLimit: (file) => (isGlyphFile(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // Left alone, the bundler cuts a chunk per set of islands sharing a module: a login page fetched 25
        // files, and each compresses on its own. The loader, the framework (Preact in the browser, see
        // scripts/preactInBrowser.ts) and what every island starts with travel as three files; the loader
        // imports none of the framework, so a guest sent to log in loads none of it.
        codeSplitting: {
          groups: [
            { name: 'react', test: (id) => /[\\/]node_modules[\\/](react|react-dom|scheduler|preact)[\\/]/.test(id), priority: 2 },
            { name: 'loader', test: inSrc(LOADER), priority: 1 },
            { name: 'islands', test: inSrc(ISLAND_CORE), priority: 1 },
          ],
        },
      },
    },
    outDir: process.env[OUT_DIR_ENV] || 'dist',
  },
}));
