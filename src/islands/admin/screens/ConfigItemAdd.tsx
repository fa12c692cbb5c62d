import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import configResource, { CONFIG_RULES } from '../../../resources/routine/config.ts';
import { CONFIG_TYPES, type ConfigType } from '../../../shared/config.ts';
import { reportFailure } from '../../../shared/request/client.ts';
import { useAdmin } from '../context.ts';
import { Modal, RequiredMark, SaveFooter, useResourceLabels } from '../crud/index.ts';
import { isChoiceType, newItemBody, newItemProblems, parseKeyValueLines, type NewItem } from './config/model.ts';
import { Checkbox, toggled } from '../../lib/Checkbox.tsx';

export interface ConfigItemAddProps {
  /** `{group key: title}`, in tab order. */
  groups: Record<string, string>;
  /** The group the dialog starts with (the open tab). */
  group: string;
  onClose(): void;
  /** After the server added the item (named `name`, in `group`). */
  onAdded(group: string, name: string): void;
}

type Problems = Partial<Record<keyof NewItem, string>>;

/**
 * "Add config item" (admin-api 3.10 add): group, type, variable name, title, tip, rules, the choices as
 * `key=value` lines (choice types only, with a preview of how they read), extension lines and weight.
 */
export function ConfigItemAdd({ groups, group, onClose, onAdded }: ConfigItemAddProps) {
  const { request } = useAdmin();
  const { t, fieldLabel } = useResourceLabels(configResource);
  const { t: own } = useTranslation('admin-screens-routine');
  const prefix = `config-add-${useId().replace(/[^\w-]/g, '')}`;
  const [item, setItem] = useState<NewItem>({ group, type: 'string', name: '', title: '', title_en: '', tip: '', tip_en: '', rule: [], content: '', extend: '', inputExtend: '', weigh: '0' });
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const choice = isChoiceType(item.type);
  const choices = choice ? parseKeyValueLines(item.content) : [];

  const set = <K extends keyof NewItem>(key: K, value: NewItem[K]) => {
    setItem((old) => ({ ...old, [key]: value }));
    if (problems[key]) setProblems(({ [key]: _, ...rest }) => rest);
  };

  async function submit(): Promise<void> {
    if (busy) return;
    const found = newItemProblems(item);
    setProblems(found);
    setFailure('');
    const first = Object.keys(found)[0];
    if (first) {
      bodyRef.current?.querySelector<HTMLElement>(`[data-add-input="${first}"] :is(input, select, textarea)`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await request('/admin/routine.Config/add', { method: 'POST', body: newItemBody(item) }, { showSuccessMessage: true, showCodeMessage: false, showErrorMessage: false });
      onAdded(item.group, item.name.trim());
    } catch (err) {
      reportFailure(err, setFailure);
    } finally {
      setBusy(false);
    }
  }

  /** A labelled input with its hint and its problem, described by both. */
  function input(key: keyof NewItem, label: string, control: (props: { id: string; className: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode, hint?: string, required = false): ReactNode {
    const id = `${prefix}-${key}`;
    const problem = problems[key];
    const described = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="mb-3" data-add-input={key}>
        <label className="form-label" htmlFor={id}>
          {label}
          {required && <RequiredMark />}
        </label>
        {control({ id, className: problem ? ' is-invalid' : '', 'aria-invalid': problem ? true : undefined, 'aria-describedby': described })}
        {hint && (
          <div id={`${id}-hint`} className="form-text">
            {hint}
          </div>
        )}
        {problem && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {own(problem)}
          </div>
        )}
      </div>
    );
  }

  return (
    <Modal
      title={own('add.title')}
      size="lg"
      onClose={() => !busy && onClose()}
      onSubmit={() => void submit()}
      footer={<SaveFooter busy={busy} onCancel={onClose} />}
    >
      <div ref={bodyRef} data-config-add="">
        {failure && (
          <div className="alert alert-danger py-2" role="alert">
            {failure}
          </div>
        )}
        <div className="row g-3">
          <div className="col-md-6">
            {input('group', fieldLabel('group'), (p) => (
              <select {...p} className={`form-select${p.className}`} value={item.group} onChange={(e) => set('group', e.target.value)}>
                {Object.entries(groups).map(([key, title]) => (
                  <option key={key} value={key}>
                    {title}
                  </option>
                ))}
              </select>
            ), undefined, true)}
          </div>
          <div className="col-md-6">
            {input('type', fieldLabel('type'), (p) => (
              <select {...p} className={`form-select${p.className}`} value={item.type} onChange={(e) => set('type', e.target.value as ConfigType)}>
                {CONFIG_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`resources:routine/config.options.type.${type}`)}
                  </option>
                ))}
              </select>
            ), undefined, true)}
          </div>
          <div className="col-md-6">
            {input('name', fieldLabel('name'), (p) => (
              <input {...p} className={`form-control${p.className}`} type="text" maxLength={30} spellCheck={false} autoComplete="off" value={item.name} onChange={(e) => set('name', e.target.value)} />
            ), own('add.nameHint'), true)}
          </div>
        </div>
        <div className="row g-3">
          <div className="col-md-6">
            {input('title', `${fieldLabel('title')} · ${t('crud-ui:form.langZh')}`, (p) => (
              <input {...p} className={`form-control${p.className}`} type="text" maxLength={50} lang="zh-CN" value={item.title} onChange={(e) => set('title', e.target.value)} />
            ), undefined, true)}
          </div>
          <div className="col-md-6">
            {input('title_en', `${fieldLabel('title')} · ${t('crud-ui:form.langEn')}`, (p) => (
              <input {...p} className={`form-control${p.className}`} type="text" maxLength={50} lang="en" value={item.title_en} onChange={(e) => set('title_en', e.target.value)} />
            ))}
          </div>
          <div className="col-md-6">
            {input('tip', `${fieldLabel('tip')} · ${t('crud-ui:form.langZh')}`, (p) => (
              <input {...p} className={`form-control${p.className}`} type="text" maxLength={100} lang="zh-CN" value={item.tip} onChange={(e) => set('tip', e.target.value)} />
            ))}
          </div>
          <div className="col-md-6">
            {input('tip_en', `${fieldLabel('tip')} · ${t('crud-ui:form.langEn')}`, (p) => (
              <input {...p} className={`form-control${p.className}`} type="text" maxLength={100} lang="en" value={item.tip_en} onChange={(e) => set('tip_en', e.target.value)} />
            ))}
          </div>
        </div>
        <fieldset className="mb-3" data-add-input="rule">
          <legend className="form-label fs-6 mb-1">{fieldLabel('rule')}</legend>
          {CONFIG_RULES.map((rule) => (
            <Checkbox
              key={rule}
              id={`${prefix}-rule-${rule}`}
              className="form-check-inline"
              label={t(`resources:routine/config.options.rule.${rule}`)}
              checked={item.rule.includes(rule)}
              onChange={(on) => set('rule', toggled(item.rule, rule, on))}
            />
          ))}
        </fieldset>
        {choice &&
          input('content', fieldLabel('content'), (p) => (
            <>
              <textarea {...p} className={`form-control font-monospace${p.className}`} rows={4} placeholder={'SSL=SSL\nTLS=TLS'} value={item.content} onChange={(e) => set('content', e.target.value)} />
              {choices.length > 0 && (
                <div className="mt-1 d-flex flex-wrap gap-1 align-items-center small" data-choices-preview="">
                  <span className="text-body-secondary">{own('add.choicesPreview')}</span>
                  {choices.map((c) => (
                    <span key={c.key} className="badge text-bg-light border">
                      {c.value} <code className="ms-1">{c.key}</code>
                    </span>
                  ))}
                </div>
              )}
            </>
          ), own('add.contentHint'), true)}
        <div className="row g-3">
          <div className="col-md-6">
            {input('extend', fieldLabel('extend'), (p) => (
              <textarea {...p} className={`form-control font-monospace${p.className}`} rows={3} value={item.extend} onChange={(e) => set('extend', e.target.value)} />
            ), own('add.extendHint'))}
          </div>
          <div className="col-md-6">
            {input('inputExtend', fieldLabel('input_extend'), (p) => (
              <textarea {...p} className={`form-control font-monospace${p.className}`} rows={3} value={item.inputExtend} onChange={(e) => set('inputExtend', e.target.value)} />
            ), own('add.inputExtendHint'))}
          </div>
        </div>
        {input('weigh', fieldLabel('weigh'), (p) => (
          <input {...p} className={`form-control${p.className}`} type="number" step={1} inputMode="numeric" style={{ maxWidth: '10rem' }} value={item.weigh} onChange={(e) => set('weigh', e.target.value)} />
        ), own('add.weighHint'))}
      </div>
    </Modal>
  );
}
