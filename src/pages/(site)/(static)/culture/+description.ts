import { keyDescription } from '../../content.ts';

export default keyDescription('content', 'culture.lead');
