import { hydrateIslands } from '../../../islands/hydrate.ts';
import { islands } from '../../../islands/registry.ts';

void hydrateIslands(islands);
