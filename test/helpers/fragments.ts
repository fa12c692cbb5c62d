import type { ReactNode } from 'react';
import { FragmentCache } from '../../src/server/fragments.ts';

/** The server's fragments, counting the parts they render: a part reused is not rendered again. */
export class CountingFragments extends FragmentCache {
  renders = 0;
  /** The keys asked for, rendered or reused. */
  readonly keys = new Set<string>();
  override html(scope: object, key: string, holes: readonly string[], render: (values: readonly string[]) => ReactNode): string | null {
    this.keys.add(key);
    return super.html(scope, key, holes, (values) => {
      this.renders++;
      return render(values);
    });
  }
}
