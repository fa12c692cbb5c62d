import { resources } from '../../resources/index.ts';
import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';
import { crudRoutes } from './crud.ts';

/** Reviewed through its own screen (approve / reject), not the generic form. */
const HAND_WRITTEN = ['content/trailApplication'];

/** The generic CRUD of every public content kind (`/admin/content.<Kind>/...`), straight from its definition. */
export function contentRoutes(services: Services): ApiRoute[] {
  return resources
    .filter((def) => def.name.startsWith('content/') && !HAND_WRITTEN.includes(def.name))
    .flatMap((def) => crudRoutes(services, def).routes);
}
