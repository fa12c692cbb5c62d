import { titleFromKey } from './title.ts';

// Pages without a title of their own (spec: noTitle).
export default titleFromKey('noTitle');
