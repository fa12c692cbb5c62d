/** Layout and timing constants of spec section 9. */
export const LAYOUT_MODES = ['Default', 'Classic', 'Streamline'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

export const MENU_WIDTH = 260;
export const MENU_COLLAPSED_WIDTH = 64;
export const MENU_SHRUNK_WIDTH = 0;

/** Top offset of the content area per layout, and of the member centre. */
export const CONTENT_TOP_OFFSET: Record<LayoutMode | 'member', number> = {
  Default: 70,
  Classic: 50,
  Streamline: 60,
  member: 60,
};

export const PROGRESS_BAR = { minimum: 0.08, speed: 200, trickleSpeed: 800 } as const;
export const LOADER_HIDE_MS = 1000;
export const RESIZE_DEBOUNCE_MS = 300;
export const REQUEST_TIMEOUT_MS = 10_000;

/** Mobile layouts size their rem to a tenth of the viewport width. */
export function mobileBaseFontSize(viewportWidth: number): number {
  return viewportWidth / 10;
}
