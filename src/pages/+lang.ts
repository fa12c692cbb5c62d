import type { PageContext } from 'vike/types';
import { htmlLang } from '../shared/i18n/langs.ts';

export default (pageContext: PageContext) => htmlLang(pageContext.lang);
