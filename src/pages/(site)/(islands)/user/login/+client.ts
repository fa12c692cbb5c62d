import { hydrateIslands } from '../../../../../islands/hydrate.ts';
import { userLogin } from '../../../../../islands/user/login/island.ts';

// Only the login island: a first visit on a slow phone skips the registry of every island and catalogue.
void hydrateIslands({ UserLogin: userLogin });
