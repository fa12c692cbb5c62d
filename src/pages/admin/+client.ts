import { hydrateIslands } from '../../islands/hydrate.ts';

void hydrateIslands();
