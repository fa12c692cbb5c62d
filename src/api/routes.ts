import type { Services } from '../server/services/index.ts';
import type { ApiRegistry } from './router.ts';
import { indexRoutes } from './front/index.ts';

/** Every API route of the portal, in one place so tests can walk them all. */
export function registerRoutes(registry: ApiRegistry, services: Services): void {
  registry.add(...indexRoutes(services));
}
