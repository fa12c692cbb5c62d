import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import groupResource from '../../../resources/auth/group.ts';
import { actionUrl } from '../../../resources/naming.ts';
import { formFields } from '../../../resources/schema.ts';
import type { FieldDef } from '../../../resources/types.ts';
import { localizedText } from '../../../shared/localized.ts';
import { useAdmin } from '../context.ts';
import { CellView, ListError, ListRemark, QuickSearch, cellOf, useResourceLabels } from '../crud/index.ts';
import { CrudStyles } from '../crud/CrudStyles.tsx';
import { GroupsForm } from './GroupsForm.tsx';
import { DeleteTreeRows } from './tree/DeleteTreeRows.tsx';
import { FoldButtons, useFolding } from './tree/Folding.tsx';
import { TreeRowButtons } from './tree/TreeRowButtons.tsx';
import { branchIds, type TreeItem } from './tree/treeModel.ts';
import { TreeTable, type TreeColumn } from './tree/TreeTable.tsx';
import { useTreeList } from './tree/useTreeList.ts';

const def = groupResource;

/** A row of the role group index: `rules` is already the display summary ("News and 3 more"). */
interface GroupNode extends TreeItem {
  name: string;
  rules: string;
  status: string;
  create_time: number;
  [column: string]: unknown;
}

/** The parent of a group is picked among the caller's manageable groups (the `select` lookup, a flattened tree). */
const PARENT_FIELD: FieldDef = { name: 'pid', type: 'remoteSelect', default: 0, remote: { resource: def.name, labelField: 'name' } };
const FORM_FIELDS: readonly FieldDef[] = formFields(def)
  .filter((f) => f.name !== 'rules')
  .map((f) => (f.name === 'pid' ? PARENT_FIELD : f));

type Pending = { kind: 'form'; mode: 'add' } | { kind: 'form'; mode: 'edit'; id: string } | { kind: 'delete'; ids: number[] };

/**
 * auth/group: role groups as a tree with their permission summary. The caller's own groups cannot be
 * edited or deleted by them (reference 3.2), so those rows have no such buttons and cannot be selected.
 */
export default function Groups() {
  const { auth, lang, siteConfig } = useAdmin();
  const { t } = useTranslation('admin-screens-auth');
  const labels = useResourceLabels(def);
  const list = useTreeList<GroupNode>(actionUrl(def, 'index'));
  const { expanded, setExpanded, toggle } = useFolding();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const { nodes, own, reload } = list;

  // Groups are few: every branch starts unfolded, and again after each load (a new child shows at once).
  useEffect(() => {
    setExpanded(new Set(branchIds(nodes)));
    setSelected(new Set());
  }, [nodes]);

  const field = (name: string) => def.fields.find((f) => f.name === name)!;
  const nameOf = (g: GroupNode) => localizedText(g, 'name', lang).text;
  const ctx = { lang, cdnUrl: siteConfig.cdnUrl, timeZone: siteConfig.timeZone, optionLabel: labels.optionLabel };
  const columns: TreeColumn<GroupNode>[] = [
    { key: 'name', header: labels.fieldLabel('name'), cell: (g) => <CellView cell={cellOf(field('name'), g, ctx)} /> },
    {
      key: 'rules',
      header: labels.fieldLabel('rules'),
      cell: (g) => (
        <span className="crud-text" title={g.rules}>
          {g.rules}
        </span>
      ),
    },
    { key: 'status', header: labels.fieldLabel('status'), cell: (g) => <CellView cell={cellOf(field('status'), g, ctx)} /> },
    { key: 'create_time', header: labels.fieldLabel('create_time'), cell: (g) => <CellView cell={cellOf(field('create_time'), g, ctx)} /> },
  ];

  const mine = (g: GroupNode) => own.includes(g.id);
  const canEdit = auth('edit');
  const canDelete = auth('del');

  return (
    <div data-tree-page={def.name}>
      <CrudStyles />
      {list.remark && <ListRemark text={list.remark} />}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3" role="toolbar" aria-label={t('crud-ui:toolbar.label')}>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void reload()} title={t('crud-ui:toolbar.refresh')} data-toolbar="refresh">
          <i className="bi bi-arrow-clockwise" aria-hidden="true" />
          <span className="visually-hidden">{t('crud-ui:toolbar.refresh')}</span>
        </button>
        {auth('add') && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setPending({ kind: 'form', mode: 'add' })} data-toolbar="add">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('crud-ui:toolbar.add')}
          </button>
        )}
        {canDelete && (
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setPending({ kind: 'delete', ids: [...selected] })} disabled={selected.size === 0} data-toolbar="delete">
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {t('crud-ui:toolbar.delete')}
            {selected.size > 0 && <span className="badge text-bg-danger ms-1">{selected.size}</span>}
          </button>
        )}
        <FoldButtons nodes={nodes} onChange={setExpanded} />
        <div className="ms-auto">
          <QuickSearch def={def} value={list.quickSearch} onSearch={list.setQuickSearch} />
        </div>
      </div>
      {list.error && <ListError message={list.error} onRetry={() => void reload()} />}
      <TreeTable
        name={def.name}
        nodes={nodes}
        columns={columns}
        expanded={expanded}
        onToggle={toggle}
        labelOf={(g) => nameOf(g)}
        loading={list.loading}
        selected={canDelete ? selected : undefined}
        onSelect={canDelete ? setSelected : undefined}
        selectable={(g) => !mine(g)}
        actions={(g) =>
          mine(g) ? (
            <span className="badge text-bg-light border" title={t('groups.ownHint')} data-own-group="">
              {t('groups.own')}
            </span>
          ) : (
            <TreeRowButtons
              title={nameOf(g)}
              onEdit={canEdit && (() => setPending({ kind: 'form', mode: 'edit', id: String(g.id) }))}
              onDelete={canDelete && (() => setPending({ kind: 'delete', ids: [g.id] }))}
            />
          )
        }
      />
      {pending?.kind === 'form' && (
        <GroupsForm
          def={def}
          ruleIndex="/admin/auth.Rule/index"
          fields={FORM_FIELDS}
          mode={pending.mode}
          id={pending.mode === 'edit' ? pending.id : undefined}
          onClose={() => setPending(null)}
          onSaved={() => {
            setPending(null);
            void reload();
          }}
        />
      )}
      {pending?.kind === 'delete' && (
        <DeleteTreeRows
          def={def}
          ids={pending.ids}
          onCancel={() => setPending(null)}
          onDeleted={() => {
            setPending(null);
            void reload();
          }}
        />
      )}
    </div>
  );
}
