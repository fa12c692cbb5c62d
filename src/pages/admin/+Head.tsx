import { usePageContext } from 'vike-react/usePageContext';
import { STORAGE_KEYS } from '../../shared/constants/storage.ts';
import { themeColor } from '../themeColor.tsx';

// Applies the stored dark mode before the first paint, so a dark admin does not flash white while loading.
const THEME_SCRIPT = `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.config)})||'null');document.documentElement.setAttribute('data-bs-theme',c&&c.layout&&c.layout.isDark?'dark':'light')}catch(e){}`;

/** The back office is not for search engines. */
export default function Head() {
  const { cspNonce } = usePageContext();
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {themeColor}
      <script nonce={cspNonce ?? undefined} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
    </>
  );
}
