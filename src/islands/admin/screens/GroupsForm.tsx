import { useEffect, useId, useRef, useState } from 'react';
import { actionUrl } from '../../../resources/naming.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { reportFailure } from '../../../shared/request/client.ts';
import { useAdmin } from '../context.ts';
import {
  FormFields,
  Modal,
  RecordLoading,
  RequiredMark,
  SaveFooter,
  toFormValues,
  toPostBody,
  useResourceLabels,
  validateBody,
  type FieldErrors,
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
  const { t, title, fieldLabel, errorText } = useResourceLabels(def);
  const formId = `group-form-${useId().replace(/[^\w-]/g, '')}`;
  const [tree, setTree] = useState<RuleNode[] | null>(null);
  const [values, setValues] = useState<FormValues | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
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
      (err: unknown) => current && reportFailure(err, setProblem),
    );
    return () => {
      current = false;
    };
  }, [request, ruleIndex, def, mode, id, fields, siteConfig.timeZone]);

  function set(column: string, value: FormValue): void {
    setValues((v) => (v ? { ...v, [column]: value } : v));
    if (errors[column]) setErrors(({ [column]: _, ...rest }) => rest);
  }

  async function submit(): Promise<void> {
    if (!values || !tree || busy) return;
    const rules = postedIds(tree, selected);
    const body = { ...toPostBody(def, values, mode, id, fields), [RULES]: rules };
    const found = validateBody(def, body);
    // The reference client asks for at least one permission; the server would keep the old ones on edit.
    if (rules.length === 0) found[RULES] = 'admin-screens-auth:rules.required';
    setErrors(found);
    setProblem(null);
    const first = Object.keys(found)[0];
    if (first) {
      bodyRef.current?.querySelector<HTMLElement>(`[data-column="${CSS.escape(first)}"] :is(input,select,textarea)`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await request(actionUrl(def, mode), { method: 'POST', body }, { showSuccessMessage: true, showCodeMessage: false, showErrorMessage: false });
      onSaved();
    } catch (err) {
      reportFailure(err, setProblem);
    } finally {
      setBusy(false);
    }
  }

  const rulesError = errors[RULES];
  return (
    <Modal
      title={t(mode === 'add' ? 'crud-ui:form.addTitle' : 'crud-ui:form.editTitle', { title })}
      size="lg"
      onClose={() => {
        if (!busy) onClose();
      }}
      onSubmit={() => void submit()}
      footer={<SaveFooter busy={busy} ready={!!values} onCancel={onClose} />}
    >
      <div ref={bodyRef} data-group-form={def.name} data-mode={mode}>
        {problem && (
          <div className="alert alert-danger py-2" role="alert">
            {problem}
          </div>
        )}
        {Object.keys(errors).length > 0 && (
          <div className="alert alert-warning py-2" role="alert">
            {t('crud-ui:form.fixErrors')}
          </div>
        )}
        {values && tree ? (
          <>
            <FormFields def={def} fields={fields} values={values} errors={errors} mode={mode} formId={formId} onChange={set} />
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
                  if (errors[RULES]) setErrors(({ [RULES]: _, ...rest }) => rest);
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
        ) : problem ? null : (
          <RecordLoading />
        )}
      </div>
    </Modal>
  );
}
