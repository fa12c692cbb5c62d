import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../Menus.tsx';
import { useAdmin } from '../../context.ts';
import { LocalTextView } from '../../../app/LocalTextView.tsx';
import { ruleTitle, type RuleNode } from './ruleTitle.ts';
import { TreeStyles } from './TreeStyles.tsx';
import { branchIds, checkStates, toggleCheck } from './treeModel.ts';

export interface RuleTreeProps {
  /** Prefix of the element ids inside. */
  id: string;
  nodes: readonly RuleNode[];
  selected: ReadonlySet<number>;
  onChange(selected: Set<number>): void;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * The permissions of a group as a checkbox tree (the reference's el-tree): ticking a folder or page ticks
 * everything below it, a parent shows ticked or half-ticked from its children. A page's buttons sit on
 * one line under it. Everything starts unfolded, so the whole grant can be read at a glance.
 */
export function RuleTree({ id, nodes, selected, onChange, labelledBy, describedBy, invalid = false }: RuleTreeProps) {
  const { t } = useTranslation('admin-screens-auth');
  const { lang } = useAdmin();
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const states = checkStates(nodes, selected);

  function toggleOpen(ruleId: number): void {
    setClosed((old) => {
      const next = new Set(old);
      if (next.has(ruleId)) next.delete(ruleId);
      else next.add(ruleId);
      return next;
    });
  }

  function item(node: RuleNode): ReactNode {
    const children = node.children ?? [];
    const title = ruleTitle(node, lang);
    const state = states.get(node.id) ?? 'unchecked';
    const inputId = `${id}-${node.id}`;
    const listId = `${id}-${node.id}-children`;
    const open = !closed.has(node.id);
    const buttonsOnly = children.length > 0 && children.every((c) => !c.children?.length && c.type === 'button');
    return (
      <li key={node.id} data-rule={node.name}>
        <div className="perm-rule-line">
          {children.length > 0 ? (
            <button
              type="button"
              className="btn btn-sm btn-link text-body-secondary perm-tree-toggle"
              aria-expanded={open}
              aria-controls={listId}
              aria-label={t(open ? 'tree.collapse' : 'tree.expand', { title: title.text })}
              onClick={() => toggleOpen(node.id)}
              data-rule-toggle={node.name}
            >
              <i className={`bi ${open ? 'bi-chevron-down' : 'bi-chevron-right'}`} aria-hidden="true" />
            </button>
          ) : (
            node.type !== 'button' && <span className="perm-tree-spacer" />
          )}
          <div className="form-check mb-0">
            <input
              id={inputId}
              type="checkbox"
              className={`form-check-input${invalid ? ' is-invalid' : ''}`}
              checked={state === 'checked'}
              ref={(el) => {
                if (el) el.indeterminate = state === 'mixed';
              }}
              onChange={() => onChange(toggleCheck(nodes, selected, node.id))}
              data-rule-check={node.name}
              data-state={state}
            />
            <label className="form-check-label" htmlFor={inputId}>
              {node.type !== 'button' && <MenuIcon name={node.icon} className="me-1" />}
              <LocalTextView value={title} />
              {node.status !== '1' && <span className="badge text-bg-secondary ms-1">{t('rules.disabled')}</span>}
            </label>
          </div>
        </div>
        {children.length > 0 && (
          <ul id={listId} hidden={!open} className={buttonsOnly ? 'perm-rule-buttons' : undefined}>
            {children.map(item)}
          </ul>
        )}
      </li>
    );
  }

  return (
    <div id={id} role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} aria-invalid={invalid || undefined} data-rule-tree="">
      <TreeStyles />
      <div className="d-flex flex-wrap gap-2 mb-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setClosed(new Set())} data-rule-tree-expand="">
          <i className="bi bi-arrows-expand me-1" aria-hidden="true" />
          {t('tree.expandAll')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setClosed(new Set(branchIds(nodes)))} data-rule-tree-collapse="">
          <i className="bi bi-arrows-collapse me-1" aria-hidden="true" />
          {t('tree.collapseAll')}
        </button>
      </div>
      <div className={`perm-rule-tree border rounded p-2${invalid ? ' border-danger' : ''}`}>
        {nodes.length ? <ul>{nodes.map(item)}</ul> : <p className="text-body-secondary mb-0">{t('rules.none')}</p>}
      </div>
    </div>
  );
}
