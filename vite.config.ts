import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { iconStyles } from './scripts/iconStyles.ts';
import { serverTranslation } from './scripts/serverTranslation.ts';
import { purgeUnusedCss } from './scripts/purgeCss.ts';
import { SASS_OPTIONS } from './scripts/sassOptions.ts';
import { OUT_DIR_ENV } from './src/server/buildStamp.ts';

declare module 'vite' {
  interface UserConfig {
    /** Options of Vike's @brillout/vite-plugin-server-entry, which reads them from the Vite config. */
    vitePluginServerEntry?: { disableAutoImport?: boolean };
  }
}

export default defineConfig(({ command }) => ({
  plugins: [serverTranslation(), react(), vike(), iconStyles()],
  // The server imports the build it serves itself (src/server/render.ts), so a build must not rewrite the
  // shared pointer file in node_modules that would otherwise send every process to the newest one.
  vitePluginServerEntry: { disableAutoImport: true },
  css: {
    // A build serves what it scanned; the dev server keeps every rule so a new class works before a rebuild.
    postcss: { plugins: command === 'build' ? [purgeUnusedCss()] : [] },
    preprocessorOptions: {
      scss: { ...SASS_OPTIONS, silenceDeprecations: [...SASS_OPTIONS.silenceDeprecations] },
    },
  },
  build: {
    target: 'es2022',
    outDir: process.env[OUT_DIR_ENV] || 'dist',
  },
}));
