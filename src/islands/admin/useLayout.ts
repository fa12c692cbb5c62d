import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { RESIZE_DEBOUNCE_MS, type LayoutMode } from '../../shared/constants/layout.ts';
import { STORAGE_KEYS } from '../../shared/constants/storage.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { DEFAULT_LAYOUT, effectiveMode, isShrink, layoutStyle, parseLayoutConfig, serializeLayoutConfig, type LayoutConfig } from './layout.ts';
import { readKey, writeKey } from './store.ts';

/** The viewport width, null until mounted (the server cannot know it); resizes settle for 300 ms first. */
function useViewportWidth(): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    setWidth(window.innerWidth);
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);
  return width;
}

export interface Layout {
  /** The settings as the admin chose them (localStorage `config`). */
  config: LayoutConfig;
  setConfig: Dispatch<SetStateAction<LayoutConfig>>;
  /** A phone-sized viewport: the menu is a drawer. */
  shrink: boolean;
  /** The arrangement drawn (phones always get Default). */
  mode: LayoutMode;
  /** The menu stands in a column beside the content. */
  sideColumn: boolean;
  /** That column shows icons only. */
  collapsed: boolean;
  /** The shell's sizes and colours as CSS variables; undefined in the server's HTML (the CSP refuses style attributes). */
  style: Record<string, string> | undefined;
  /** Class names of the shell's root element. */
  className: string;
}

/**
 * The shell's layout: the settings kept in this browser, read after hydration (the server rendered the
 * defaults) and written back with the theme on every change, and what they mean at the current width.
 */
export function useLayout(): Layout {
  const width = useViewportWidth();
  const [config, setConfig] = useState<LayoutConfig>(DEFAULT_LAYOUT);
  const [configRead, setConfigRead] = useState(false);

  useEffect(() => {
    setConfig(parseLayoutConfig(readKey(STORAGE_KEYS.config)));
    setConfigRead(true);
  }, []);
  useEffect(() => {
    if (!configRead) return;
    writeKey(STORAGE_KEYS.config, serializeLayoutConfig(config));
    document.documentElement.setAttribute('data-bs-theme', config.isDark ? 'dark' : 'light');
  }, [config, configRead]);

  const shrink = width !== null && isShrink(width);
  const mode = effectiveMode(config, shrink);
  const sideColumn = !shrink && mode !== 'Streamline';
  const collapsed = sideColumn && config.menuCollapse;
  const computed = useMemo(() => layoutStyle(config, width ?? 1280), [config, width]);
  const style = useHydrated() ? computed : undefined;
  const className = ['admin-app', `layout-${mode}`, shrink ? 'is-shrink' : '', collapsed ? 'is-collapsed' : ''].filter(Boolean).join(' ');
  return { config, setConfig, shrink, mode, sideColumn, collapsed, style, className };
}
