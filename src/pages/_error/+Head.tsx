import { themeColor } from '../themeColor.tsx';

/** Error pages are not for search engines: they set the toolbar colour only. */
export default function Head() {
  return themeColor;
}
