import checkCircleFill from 'bootstrap-icons/icons/check-circle-fill.svg?raw';
import image from 'bootstrap-icons/icons/image.svg?raw';
import upload from 'bootstrap-icons/icons/upload.svg?raw';
import xLg from 'bootstrap-icons/icons/x-lg.svg?raw';

// Inline SVG from the bootstrap-icons package: public islands need a handful of icons, not the icon font
// and its stylesheet (a 13 KB stylesheet plus a ~130 KB font for four glyphs).
const ICONS = { 'check-circle-fill': checkCircleFill, image, upload, 'x-lg': xLg } as const;

export type IconName = keyof typeof ICONS;

/** A decorative icon (hidden from screen readers); the text next to it carries the meaning. */
export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return <span className={`portal-icon ${className}`.trim()} aria-hidden="true" dangerouslySetInnerHTML={{ __html: ICONS[name] }} />;
}
