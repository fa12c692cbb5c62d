import type { Plugin, Rolldown } from 'vite';

/**
 * The browser's React is Preact's compatibility layer: the islands are React components, server-rendered by
 * React, and in the browser the same components run on preact/compat, about 10 KB gzip where react-dom's client
 * alone is 66 KB (issue 31: the member login's whole script budget is 60 KB). The server build keeps React.
 */
const ALIASES: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/** Sends an import of React to Preact's module of the same part. */
function redirect(this: Rolldown.PluginContext, source: string, importer: string | undefined): Promise<Rolldown.ResolvedId | null> | null {
  const target = ALIASES[source];
  return target ? this.resolve(target, importer, { skipSelf: true }) : null;
}

export function preactInBrowser(): Plugin {
  return {
    name: 'portal-preact-in-browser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId(source, importer) {
      return redirect.call(this, source, importer);
    },
    // The development server pre-bundles the dependencies (react-bootstrap, react-i18next...) on its own, and
    // Preact's modules up front: found only once a page imports them, they would cost a reload.
    config: () => ({
      environments: {
        client: {
          optimizeDeps: {
            include: [...new Set(Object.values(ALIASES)), 'preact', 'preact/hooks'],
            rolldownOptions: { plugins: [{ name: 'portal-preact-in-deps', resolveId: redirect }] },
          },
        },
      },
    }),
  };
}
