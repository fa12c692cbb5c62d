import { dataTitle } from '../../../content.ts';
import type { Data } from './+data.ts';

export default dataTitle<Data>((d) => d.item.title.text);
