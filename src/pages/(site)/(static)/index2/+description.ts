import type { PageContext } from 'vike/types';
import { pageT } from '../../../i18n.ts';

export default (pageContext: PageContext) => pageT(pageContext.lang, 'public')('home.heroLead');
