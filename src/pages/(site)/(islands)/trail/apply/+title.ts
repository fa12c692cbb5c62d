import { titleFromKey } from '../../../../title.ts';

export default titleFromKey('trailApply');
