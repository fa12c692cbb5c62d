/** The public sections of spec section 2, in header order. `key` names the nav and title translations. */
export const PUBLIC_SECTIONS = [
  { key: 'home', path: '/' },
  { key: 'about', path: '/about' },
  { key: 'brand', path: '/brand' },
  { key: 'news', path: '/news' },
  { key: 'trail', path: '/trail' },
  { key: 'members', path: '/members' },
  { key: 'culture', path: '/culture' },
  { key: 'forum', path: '/forum' },
  { key: 'canal', path: '/canal' },
  { key: 'canals', path: '/canals' },
] as const;

export type SectionKey = (typeof PUBLIC_SECTIONS)[number]['key'];

/** The section a path belongs to ('/news/info' → news; '/canals/info/city' → canals; '/canal' stays canal). */
export function sectionOf(pathname: string): SectionKey | null {
  let best: SectionKey | null = null;
  for (const s of PUBLIC_SECTIONS) {
    if (s.path === '/' ? pathname === '/' || pathname === '/index2' : pathname === s.path || pathname.startsWith(`${s.path}/`)) best = s.key;
  }
  return best;
}
