import { keyDescription } from '../../content.ts';

export default keyDescription('content', 'canals.lead');
