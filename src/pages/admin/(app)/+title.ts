import { titleFromKey } from '../../title.ts';

// The app sets the page's own title once its routes are known.
export default titleFromKey('loading');
