import type { Translator } from '../../lib/translation.ts';
import { resources } from '../../../resources/index.ts';
import { lookupOf } from '../../../resources/lookup.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import { LANGS } from '../../../shared/i18n/langs.ts';

/**
 * The resource definitions the admin app knows: the hand-written ones it is built with, and the CRUD
 * generator's, which the shell fetches from GET /admin/index/resources with the menus (they can appear at
 * any time, with no rebuild).
 */
let generated: readonly ResourceDef[] = [];
/** Per generated resource, a number that moves whenever its definition changes (a screen then starts over). */
const revisions = new Map<string, { json: string; revision: number }>();

/** Takes the generated definitions of this admin; their menu titles join the shell's catalogue. */
export function setGeneratedResources(defs: readonly ResourceDef[], instance: Pick<Translator, 'hasResourceBundle' | 'addResource'>): void {
  generated = defs;
  for (const def of defs) {
    const json = JSON.stringify(def);
    const known = revisions.get(def.name);
    if (!known) revisions.set(def.name, { json, revision: 0 });
    else if (known.json !== json) revisions.set(def.name, { json, revision: known.revision + 1 });
    if (!def.labels) continue;
    // Menus are titled through `admin:menu.<name>` in English (the stored title is the Chinese one).
    for (const lang of LANGS) {
      // Only into catalogues already loaded: a bundle that exists counts as loaded and would not be fetched.
      if (instance.hasResourceBundle(lang, 'admin')) instance.addResource(lang, 'admin', `menu.${def.name}`, def.labels.title[lang]);
    }
  }
}

/** The admin app's view of every resource: the ones it is built with, then those it fetched. */
const lookup = lookupOf(resources, () => generated);

/** A resource by name: hand-written first, then generated. */
export function findAdminResource(name: string): ResourceDef | undefined {
  return lookup.find(name);
}

export function isGeneratedResource(name: string): boolean {
  return lookup.isGenerated(name);
}

/** Every resource this admin's app knows, hand-written first. */
export function allAdminResources(): readonly ResourceDef[] {
  return lookup.all();
}

/** The revision of a resource's definition: 0 for hand-written ones and first versions. */
export function resourceRevision(name: string): number {
  return revisions.get(name)?.revision ?? 0;
}
