import { useEffect, useId, useState } from 'react';
import { actionUrl } from '../../../resources/naming.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { useAdmin } from '../context.ts';
import {
  FormDialog,
  FormFields,
  RequiredMark,
  toFormValues,
  toPostBody,
  useFormSubmit,
  useResourceLabels,
  validateBody,
  type FormMode,
  type FormValue,
  type FormValues,
  type Row,
} from '../crud/index.ts';
import { RuleTree } from './tree/RuleTree.tsx';
import type { RuleNode } from './tree/ruleTitle.ts';
import { postedIds, selectionOf } from './tree/treeModel.ts';
import type { TreeAnswer } from './tree/useTreeList.ts';

export interface GroupsFormProps {
  /** auth/group or user/group. */
  def: ResourceDef;
  /** The rule tree the group's permissions are picked from (the caller's own rules for role groups). */
  ruleIndex: string;
  /** The inputs besides the rules (name, parent group, status), as the generic form would render them. */
  fields: readonly FieldDef[];
  mode: FormMode;
  id?: string;
  onClose(): void;
  onSaved(): void;
}

const RULES = 'rules';

/**
 * The add/edit dialog of a role or member group: the generic inputs for its columns and its permissions as
 * a checkbox tree. Edit GET gives the leaf rules; the post sends checked and half-checked ids, so a granted
 * button brings its page and folder along (reference 3.2).
 */
export function GroupsForm({ def, ruleIndex, fields, mode, id, onClose, onSaved }: GroupsFormProps) {
  const { request, siteConfig } = useAdmin();
  const { title, fieldLabel, errorText } = useResourceLabels(def);
  const formId = `group-form-${useId().replace(/[^\w-]/g, '')}`;
  const [tree, setTree] = useState<RuleNode[] | null>(null);
  const [values, setValues] = useState<FormValues | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const form = useFormSubmit(values !== null && tree !== null, onSaved);
  const { failed } = form;
  const rulesLabelId = `${formId}-rules-label`;
  const rulesErrorId = `${formId}-rules-error`;

  // The rule tree and (on edit) the group arrive together: the selection is read against the tree.
  useEffect(() => {
    let current = true;
    const quiet = { showCodeMessage: false, showErrorMessage: false };
    const rules = request<TreeAnswer<RuleNode>>(ruleIndex, {}, quiet);
    const row = mode === 'edit' ? request<{ row: Row }>(actionUrl(def, 'edit'), { params: { [def.pk]: id } }, quiet) : Promise.resolve(null);
    Promise.all([rules, row]).then(
      ([rulesAnswer, rowAnswer]) => {
        if (!current) return;
        const nodes = rulesAnswer.data.list;
        setTree(nodes);
        setValues(toFormValues(def, rowAnswer?.data.row ?? null, fields, siteConfig.timeZone));
        setSelected(rowAnswer ? selectionOf(nodes, rowAnswer.data.row[RULES]) : new Set());
      },
      (err: unknown) => current && failed(err),
    );
    return () => {
      current = false;
    };
  }, [request, ruleIndex, def, mode, id, fields, siteConfig.timeZone, failed]);

  function set(column: string, value: FormValue): void {
    setValues((v) => (v ? { ...v, [column]: value } : v));
    form.clearError(column);
  }

  function submit(): void {
    if (!values || !tree) return;
    const rules = postedIds(tree, selected);
    const body = { ...toPostBody(def, values, mode, id, fields), [RULES]: rules };
    const found = validateBody(def, body);
    // The reference client asks for at least one permission; the server would keep the old ones on edit.
    if (rules.length === 0) found[RULES] = 'admin-screens-auth:rules.required';
    void form.submit(actionUrl(def, mode), body, found);
  }

  const rulesError = form.errors[RULES];
  return (
    <FormDialog form={form} mode={mode} subject={title} size="lg" marks={{ 'data-group-form': def.name }} onClose={onClose} onSubmit={submit}>
      {values && tree && (
        <>
          <FormFields def={def} fields={fields} values={values} errors={form.errors} mode={mode} formId={formId} onChange={set} />
          <div className="mb-1" data-column={RULES}>
            <span id={rulesLabelId} className="form-label d-block">
              {fieldLabel(RULES)}
              <RequiredMark />
            </span>
            <RuleTree
              id={`${formId}-rules`}
              nodes={tree}
              selected={selected}
              onChange={(next) => {
                setSelected(next);
                form.clearError(RULES);
              }}
              labelledBy={rulesLabelId}
              describedBy={rulesError ? rulesErrorId : undefined}
              invalid={!!rulesError}
            />
            {rulesError && (
              <div id={rulesErrorId} className="invalid-feedback d-block">
                {errorText(rulesError, RULES)}
              </div>
            )}
          </div>
        </>
      )}
    </FormDialog>
  );
}
