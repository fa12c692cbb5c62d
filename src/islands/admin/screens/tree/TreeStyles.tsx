import { pageNonce } from '../../../lib/nonce.ts';

/**
 * The few rules of the tree screens Bootstrap utilities cannot express (indentation, drag states). React 19
 * hoists a `<style href precedence>` into <head> once, however many components render it.
 */
const CSS = `
.perm-tree-cell{display:flex;align-items:center;gap:.25rem;white-space:nowrap}
.perm-tree-toggle{width:1.5rem;height:1.5rem;padding:0;line-height:1;flex:0 0 auto}
.perm-tree-spacer{display:inline-block;width:1.5rem;flex:0 0 auto}
.perm-tree-table tr.perm-dragging{opacity:.5}
.perm-tree-table tr.perm-drop-target>td{box-shadow:inset 0 2px 0 var(--bs-primary)}
.perm-tree-table tr.perm-drop-refused>td{box-shadow:inset 0 2px 0 var(--bs-danger)}
.perm-rule-tree{max-height:min(55vh,32rem);overflow:auto}
.perm-rule-tree ul{list-style:none;margin:0;padding:0}
.perm-rule-tree ul ul{padding-inline-start:1.75rem}
.perm-rule-tree .perm-rule-buttons{display:flex;flex-wrap:wrap;column-gap:1.25rem}
.perm-rule-line{display:flex;align-items:center;gap:.25rem;min-height:1.75rem}
`;

export function TreeStyles() {
  return (
    <style href="perm-tree" precedence="default" nonce={pageNonce()}>
      {CSS}
    </style>
  );
}
