/**
 * The admin shell's layout settings (spec sections 3 "Layout config", 4 and 9): layout mode, dark mode,
 * menu collapse and the light / dark colour pairs, kept in localStorage under `config`. Pure functions, so
 * the rules (sizes, offsets, the Classic tab-background shift) are unit-tested without a browser.
 */
import {
  CONTENT_TOP_OFFSET,
  LAYOUT_MODES,
  MENU_COLLAPSED_WIDTH,
  MENU_SHRUNK_WIDTH,
  MENU_WIDTH,
  mobileBaseFontSize,
  type LayoutMode,
} from '../../shared/constants/layout.ts';

/** A colour for the light theme and one for the dark theme. */
export type ColourPair = readonly [light: string, dark: string];

export const COLOUR_SETTINGS = [
  'menuBackground',
  'menuColor',
  'menuActiveBackground',
  'menuActiveColor',
  'menuTopBarBackground',
  'headerBarBackground',
  'headerBarTabColor',
  'headerBarTabActiveBackground',
  'headerBarTabActiveColor',
] as const;
export type ColourSetting = (typeof COLOUR_SETTINGS)[number];

export interface LayoutConfig extends Record<ColourSetting, ColourPair> {
  layoutMode: LayoutMode;
  isDark: boolean;
  /** The side menu shows icons only (desktop). */
  menuCollapse: boolean;
}

/** Below this viewport width the admin is "shrunk": the side menu becomes a drawer (spec: width 0). */
export const SHRINK_BELOW = 768;

export const DEFAULT_LAYOUT: LayoutConfig = {
  layoutMode: 'Default',
  isDark: false,
  menuCollapse: false,
  menuBackground: ['#ffffff', '#161d22'],
  menuColor: ['#2b3a42', '#c9d3d8'],
  menuActiveBackground: ['#e7f1f3', '#1f3a44'],
  menuActiveColor: ['#0f4c5c', '#8fd0de'],
  menuTopBarBackground: ['#fbfaf7', '#161d22'],
  headerBarBackground: ['#ffffff', '#161d22'],
  headerBarTabColor: ['#3d4b53', '#c9d3d8'],
  headerBarTabActiveBackground: ['#ffffff', '#161d22'],
  headerBarTabActiveColor: ['#0f4c5c', '#8fd0de'],
};

/**
 * In Classic mode the tabs sit in the white header, so an active tab of the same white would not stand out:
 * it gets a slightly darker shade, and Default gets the original back (spec section 4). Only the default
 * colours are shifted; colours an admin chose stay as chosen.
 */
const TAB_SHIFT: readonly { base: string; shifted: string }[] = [
  { base: '#ffffff', shifted: '#f1f4f5' },
  { base: '#161d22', shifted: '#10161a' },
];

const COLOUR = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

function isPair(value: unknown): value is ColourPair {
  return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string' && COLOUR.test(v));
}

/** The stored settings, with defaults for anything missing or malformed (a hand-edited or older entry). */
export function parseLayoutConfig(raw: string | null): LayoutConfig {
  let stored: unknown;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    stored = null;
  }
  const layout = typeof stored === 'object' && stored !== null ? (stored as { layout?: unknown }).layout : undefined;
  if (typeof layout !== 'object' || layout === null) return DEFAULT_LAYOUT;
  const value = layout as Record<string, unknown>;
  const config: LayoutConfig = { ...DEFAULT_LAYOUT };
  if (LAYOUT_MODES.some((m) => m === value.layoutMode)) config.layoutMode = value.layoutMode as LayoutMode;
  if (typeof value.isDark === 'boolean') config.isDark = value.isDark;
  if (typeof value.menuCollapse === 'boolean') config.menuCollapse = value.menuCollapse;
  for (const name of COLOUR_SETTINGS) {
    const pair = value[name];
    if (isPair(pair)) config[name] = [pair[0], pair[1]];
  }
  return config;
}

/** What goes into localStorage `config`. */
export function serializeLayoutConfig(config: LayoutConfig): string {
  return JSON.stringify({ layout: config });
}

/** 0 for the light colours of a pair, 1 for the dark ones. */
export function themeIndex(config: LayoutConfig): 0 | 1 {
  return config.isDark ? 1 : 0;
}

/** Switches the layout mode, shifting the default tab background between Classic and Default. */
export function withLayoutMode(config: LayoutConfig, mode: LayoutMode): LayoutConfig {
  const i = themeIndex(config);
  const { base, shifted } = TAB_SHIFT[i]!;
  const header = config.headerBarBackground[i].toLowerCase();
  const tab = config.headerBarTabActiveBackground[i].toLowerCase();
  let next = tab;
  if (mode === 'Classic' && header === base && tab === base) next = shifted;
  else if (mode === 'Default' && header === base && tab === shifted) next = base;
  const pair: [string, string] = [...config.headerBarTabActiveBackground];
  pair[i] = next;
  return { ...config, layoutMode: mode, headerBarTabActiveBackground: pair };
}

/** Sets one colour of the current theme. */
export function withColour(config: LayoutConfig, name: ColourSetting, colour: string): LayoutConfig {
  if (!COLOUR.test(colour)) return config;
  const pair: [string, string] = [...config[name]];
  pair[themeIndex(config)] = colour;
  return { ...config, [name]: pair };
}

/** Restores the default colours, keeping mode, theme and collapse as they are. */
export function withDefaultColours(config: LayoutConfig): LayoutConfig {
  const colours = Object.fromEntries(COLOUR_SETTINGS.map((name) => [name, DEFAULT_LAYOUT[name]])) as Record<ColourSetting, ColourPair>;
  // The tab shift belongs to the mode, so a Classic admin gets the Classic shade of the defaults.
  return withLayoutMode({ ...config, ...colours, layoutMode: 'Default' }, config.layoutMode);
}

export function isShrink(viewportWidth: number): boolean {
  return viewportWidth < SHRINK_BELOW;
}

/** The mode actually drawn: phones always get the Default arrangement with the menu in a drawer. */
export function effectiveMode(config: LayoutConfig, shrink: boolean): LayoutMode {
  return shrink ? 'Default' : config.layoutMode;
}

/** Width of the side menu column: 260, 64 collapsed, 0 on phones (a drawer) and in Streamline (no side menu). */
export function sideMenuWidth(config: LayoutConfig, shrink: boolean): number {
  if (shrink) return MENU_SHRUNK_WIDTH;
  if (config.layoutMode === 'Streamline') return 0;
  return config.menuCollapse ? MENU_COLLAPSED_WIDTH : MENU_WIDTH;
}

/** CSS custom properties of the shell root: sizes and the colours of the current theme. */
export function layoutStyle(config: LayoutConfig, viewportWidth: number): Record<string, string> {
  const shrink = isShrink(viewportWidth);
  const i = themeIndex(config);
  const style: Record<string, string> = {
    '--admin-menu-width': `${sideMenuWidth(config, shrink)}px`,
    '--admin-drawer-width': `${MENU_WIDTH}px`,
    // Phones size the shell's chrome (and so its top offset, in the stylesheet) from a tenth of the viewport
    // width; the document rem stays Bootstrap's.
    '--admin-mobile-base': `${mobileBaseFontSize(viewportWidth)}px`,
  };
  if (!shrink) style['--admin-top-offset'] = `${CONTENT_TOP_OFFSET[config.layoutMode]}px`;
  for (const name of COLOUR_SETTINGS) style[`--admin-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = config[name][i];
  return style;
}
