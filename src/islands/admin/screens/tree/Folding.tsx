import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { branchIds, type TreeItem } from './treeModel.ts';

/** Which branches of a tree screen are unfolded, and the fold of one branch (its row's toggle). */
export function useFolding() {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { expanded, setExpanded, toggle };
}

/** The toolbar's unfold-all and fold-all buttons of a tree screen. */
export function FoldButtons({ nodes, onChange }: { nodes: readonly TreeItem[]; onChange(expanded: ReadonlySet<number>): void }) {
  const { t } = useTranslation('admin-screens-auth');
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange(new Set(branchIds(nodes)))} data-toolbar="expand">
        <i className="bi bi-arrows-expand me-1" aria-hidden="true" />
        {t('tree.expandAll')}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange(new Set())} data-toolbar="collapse">
        <i className="bi bi-arrows-collapse me-1" aria-hidden="true" />
        {t('tree.collapseAll')}
      </button>
    </>
  );
}
