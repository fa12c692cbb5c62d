import { dataDescription } from '../../../content.ts';
import type { Data } from './+data.ts';

export default dataDescription<Data>((d) => d.item.summary.text || d.item.content.text);
