import { keyDescription } from '../../../content.ts';

export default keyDescription('trail', 'form.lead');
