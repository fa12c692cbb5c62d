/**
 * What the portal reads and resets of the page build Vike has registered (globalThis._vike.globals[...]):
 * Vike keeps it there, shared by every copy of Vike in the process, and exports no API for either. The shapes
 * below are the parts of Vike's serialized build we read; test/api/static-pages fails if they change.
 */

/** One value of a page setting as the build serialized it: a JSON value, an import, or a +file's exports. */
export type SerializedValue = { type: 'js-serialized' | 'pointer-import'; value: unknown } | { type: 'plus-file'; exportValues: { default?: unknown } };

export interface SerializedSetting {
  /** 'cumulative' settings (Head, Layout...) hold a list, most specific first. */
  type: string;
  definedAtData: { filePathToShowToUser?: string } | readonly unknown[] | null;
  valueSerialized: SerializedValue | readonly SerializedValue[];
}

export type SerializedSettings = Readonly<Record<string, SerializedSetting | undefined>>;

export interface SerializedPage {
  pageId: string;
  isErrorPage?: boolean;
  routeFilesystem?: { routeString: string };
  /** The settings needed before the page is chosen (routing, whether it loads scripts). */
  configValuesSerialized: SerializedSettings;
  loadVirtualFilePageEntry(): { moduleExportsPromise: Promise<{ configValuesSerialized: SerializedSettings }> };
}

/** An entry of Vite's client manifest. */
export interface ManifestChunk {
  file: string;
  imports?: readonly string[];
  css?: readonly string[];
  assets?: readonly string[];
}

export interface VikeBuild {
  virtualFileExportsGlobalEntry: {
    pageConfigsSerialized: readonly SerializedPage[];
    pageConfigGlobalSerialized: { configValuesSerialized: SerializedSettings };
  };
  assetsManifest: Readonly<Record<string, ManifestChunk>>;
}

interface VikeGlobals {
  _vike?: { globals?: Record<string, Record<string, unknown> | undefined> };
}

const vikeState = () => (globalThis as VikeGlobals)._vike?.globals?.['runtime/globalContext.ts'];

/** What Vike's own reset between builds (clearGlobalContext, not exported) keeps. */
const KEPT_VIKE_STATE = ['prodBuildEntryPrevious', 'viteDevServerPromise', 'viteDevServerPromiseResolve'];

/** Forgets the page build Vike renders with, as Vike's API does between two builds. */
export function clearVikeBuild(): void {
  const state = vikeState();
  if (!state) return;
  for (const key of Object.keys(state)) if (!KEPT_VIKE_STATE.includes(key)) delete state[key];
}

/** The production build whose server entry was imported last, or null before one is. */
export function registeredVikeBuild(): VikeBuild | null {
  return (vikeState()?.prodBuildEntry as VikeBuild | undefined) ?? null;
}
