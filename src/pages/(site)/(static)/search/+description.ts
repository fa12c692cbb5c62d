import { keyDescription } from '../../content.ts';

export default keyDescription('search', 'lead');
