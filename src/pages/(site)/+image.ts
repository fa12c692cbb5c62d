import type { PageContext } from 'vike/types';
import { absoluteUrl, DEFAULT_COVER } from '../../components/content/meta.ts';

// Pages without a picture of their own share the house one; detail pages override this with their cover.
export default (pageContext: PageContext) => absoluteUrl(pageContext.origin, DEFAULT_COVER);
