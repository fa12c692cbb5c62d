/**
 * How our stylesheets' Sass is compiled: by Vite's build (vite.config.ts) and by the browser test that compares
 * the cut stylesheets with the whole ones. Bootstrap 5.3's Sass still uses @import and global functions; its
 * deprecation notices are not ours.
 */
export const SASS_OPTIONS = {
  quietDeps: true,
  silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
} as const satisfies { quietDeps: boolean; silenceDeprecations: readonly string[] };
