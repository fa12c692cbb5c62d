import { dataImage } from '../../../content.ts';
import type { Data } from './+data.ts';

export default dataImage<Data>((d) => d.item.cover);
