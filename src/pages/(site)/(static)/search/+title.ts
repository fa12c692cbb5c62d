import { titleFromKey } from '../../../title.ts';

export default titleFromKey('search');
