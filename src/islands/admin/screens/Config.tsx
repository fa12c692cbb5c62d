import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigIndex, ConfigItem } from '../../../shared/config.ts';
import { reportFailure } from '../../../shared/request/client.ts';
import { useAdmin } from '../context.ts';
import { ConfirmDialog } from '../crud/index.ts';
import { adminHref } from '../navigation.ts';
import { ConfigItemAdd } from './ConfigItemAdd.tsx';
import { ConfigItemField } from './ConfigItemField.tsx';
import { changedGroups, mailTestBody, tabBody, widgetValues, type ConfigValue } from './config/model.ts';
import { Spinner } from '../../app/Spinner.tsx';
import { BusySubmit } from '../../lib/BusySubmit.tsx';

const INDEX = '/admin/routine.Config/index';
/** The group whose tab offers the test mail (its items are the smtp_* settings). */
const MAIL_GROUP = 'mail';

/**
 * routine/config: one tab per config group, each a form of its items with the widget of the item's type;
 * Save sends that tab's items only. Beside the tabs: the quick entrances and "add config item". Items an
 * admin added can be deleted; on the mail tab a test mail goes out with the settings as they are on screen.
 */
export default function Config() {
  const { t } = useTranslation(['admin-screens-routine', 'crud-ui']);
  const { request, auth, adminBase, navigate, reload } = useAdmin();
  const prefix = `config-${useId().replace(/[^\w-]/g, '')}`;
  const [data, setData] = useState<ConfigIndex | null>(null);
  const [failed, setFailed] = useState('');
  const [values, setValues] = useState<Record<string, ConfigValue>>({});
  const [active, setActive] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ group: string; message: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ConfigItem | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [testMail, setTestMail] = useState('');
  const [mailBusy, setMailBusy] = useState(false);
  const tabsRef = useRef<HTMLUListElement>(null);
  // `?group=mail` opens that group's tab (the dashboard links to it). The shell gives screens no location but
  // renders the open ones again on every navigation: the address is read then, while it is this screen's own.
  const here = window.location.pathname.replace(/\/+$/, '') === adminHref(adminBase, 'routine/config') ? window.location.search : null;
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const requested = here === null ? null : new URLSearchParams(here).get('group');
    if (!data || !requested || applied.current === here) return;
    applied.current = here;
    if (requested in data.list) setActive(requested);
  }, [data, here]);

  /**
   * Reads the index (again). The items of the `fresh` group (the one just saved) and new items take the
   * server's values; the others keep what is being typed in them.
   */
  const load = useCallback(
    async (fresh: string | null) => {
      const { data: index } = await request<ConfigIndex>(INDEX);
      const keep = new Set(Object.values(index.list).flatMap((g) => (g.name === fresh ? [] : g.list.map((i) => i.name))));
      setData(index);
      setValues((old) => {
        const next = widgetValues(index);
        for (const name of Object.keys(next)) if (keep.has(name) && name in old) next[name] = old[name]!;
        return next;
      });
      setActive((current) => (current in index.list ? current : (Object.keys(index.list)[0] ?? '')));
    },
    [request],
  );

  useEffect(() => {
    load(null).catch((err: unknown) => setFailed(err instanceof Error ? err.message : String(err)));
  }, [load]);

  const changed = useMemo(() => new Set(data ? changedGroups(data, values) : []), [data, values]);
  // Closing or reloading the browser tab with unsaved settings asks first (the browser words the question).
  // A layout effect, so the guard comes and goes in the same commit as the tab markers.
  useLayoutEffect(() => {
    if (changed.size === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  async function save(group: string, items: readonly ConfigItem[]): Promise<void> {
    if (saving) return;
    setSaving(true);
    setProblem(null);
    try {
      await request('/admin/routine.Config/edit', { method: 'POST', body: tabBody(items, values) }, { showSuccessMessage: true, showCodeMessage: false, showErrorMessage: false });
      await load(group);
      // The shell shows settings too (site name, CDN, upload limits).
      await reload();
    } catch (err) {
      reportFailure(err, (message) => setProblem({ group, message }));
    } finally {
      setSaving(false);
    }
  }

  async function remove(item: ConfigItem): Promise<void> {
    setDeleteBusy(true);
    try {
      await request('/admin/routine.Config/del', { method: 'DELETE', params: { ids: [item.id] } }, { showSuccessMessage: true });
      setDeleting(null);
      await load(null);
    } catch {
      // The request client said why; the dialog stays for another try or Cancel.
    } finally {
      setDeleteBusy(false);
    }
  }

  async function sendTestMail(items: readonly ConfigItem[]): Promise<void> {
    if (mailBusy) return;
    setMailBusy(true);
    try {
      await request('/admin/routine.Config/sendTestMail', { method: 'POST', body: mailTestBody(items, values, testMail) }, { showSuccessMessage: true });
    } catch {
      // The request client showed the mailer's answer.
    } finally {
      setMailBusy(false);
    }
  }

  /** Arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern). */
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, keys: string[]): void {
    const at = keys.indexOf(active);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: keys.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = keys[(next + keys.length) % keys.length]!;
    setActive(key);
    tabsRef.current?.querySelector<HTMLElement>(`[data-config-tab="${CSS.escape(key)}"]`)?.focus();
  }

  if (failed) {
    return (
      <div data-screen="config" className="alert alert-danger" role="alert">
        {t('config.failed', { message: failed })}
      </div>
    );
  }
  if (!data) {
    return <Spinner screen="config" label={t('config.loading')} />;
  }

  const keys = Object.keys(data.list);
  const group = data.list[active];
  const entrances = data.quickEntrance.filter((e) => auth({ name: e.value }));
  const tabId = (key: string) => `${prefix}-tab-${key}`;
  const panelId = (key: string) => `${prefix}-panel-${key}`;

  return (
    <div data-screen="config" className="row g-3">
      {data.remark && (
        <div className="col-12">
          <div className="alert alert-info py-2 small mb-0" role="note">
            <i className="bi bi-info-circle me-2" aria-hidden="true" />
            {data.remark}
          </div>
        </div>
      )}
      <div className="col-xl-9">
        <div className="admin-card">
          <ul className="nav nav-tabs mb-3" role="tablist" aria-label={t('config.groups')} ref={tabsRef}>
            {keys.map((key) => (
              <li className="nav-item" role="presentation" key={key}>
                <button
                  type="button"
                  role="tab"
                  id={tabId(key)}
                  className={`nav-link${key === active ? ' active' : ''}`}
                  aria-selected={key === active}
                  aria-controls={panelId(key)}
                  tabIndex={key === active ? 0 : -1}
                  onClick={() => setActive(key)}
                  onKeyDown={(e) => onTabKey(e, keys)}
                  data-config-tab={key}
                >
                  {data.list[key]!.title}
                  {changed.has(key) && (
                    <span className="ms-1 text-warning" title={t('config.unsaved')} data-unsaved="">
                      <span aria-hidden="true">●</span>
                      <span className="visually-hidden">{t('config.unsaved')}</span>
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          {group && (
            <form
              role="tabpanel"
              id={panelId(group.name)}
              aria-labelledby={tabId(group.name)}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (auth('edit')) void save(group.name, group.list);
              }}
              data-config-panel={group.name}
            >
              {problem?.group === group.name && (
                <div className="alert alert-danger py-2" role="alert" data-config-problem="">
                  {problem.message}
                </div>
              )}
              {group.list.length === 0 && <p className="text-body-secondary">{t('config.empty')}</p>}
              {group.list.map((item) => (
                <ConfigItemField
                  key={item.name}
                  item={item}
                  idPrefix={panelId(group.name)}
                  value={values[item.name] ?? ''}
                  onChange={(value) => setValues((old) => ({ ...old, [item.name]: value }))}
                  onDelete={item.allow_del && auth('del') ? () => setDeleting(item) : undefined}
                />
              ))}
              {group.name === MAIL_GROUP && auth('sendTestMail') && (
                <div className="row mb-3" data-test-mail="">
                  <label className="col-md-3 col-form-label text-md-end fw-semibold" htmlFor={`${prefix}-test-mail`}>
                    {t('config.testMail')}
                  </label>
                  <div className="col-md-8">
                    <div className="input-group">
                      <input
                        id={`${prefix}-test-mail`}
                        type="email"
                        className="form-control"
                        autoComplete="email"
                        placeholder="name@example.org"
                        aria-describedby={`${prefix}-test-mail-hint`}
                        value={testMail}
                        onChange={(e) => setTestMail(e.target.value)}
                        onKeyDown={(e) => {
                          // Enter here sends the test mail, not the settings form.
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            void sendTestMail(group.list);
                          }
                        }}
                        data-test-mail-address=""
                      />
                      <button type="button" className="btn btn-outline-primary" onClick={() => void sendTestMail(group.list)} disabled={mailBusy} aria-busy={mailBusy || undefined} data-test-mail-send="">
                        {mailBusy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                        {t('config.sendTestMail')}
                      </button>
                    </div>
                    <div id={`${prefix}-test-mail-hint`} className="form-text">
                      {t('config.testMailHint')}
                    </div>
                  </div>
                </div>
              )}
              {auth('edit') && group.list.length > 0 && (
                <div className="row">
                  <div className="col-md-8 offset-md-3">
                    <BusySubmit busy={saving} marker={{ 'data-config-save': '' }}>{t('config.save')}</BusySubmit>
                  </div>
                </div>
              )}
            </form>
          )}
        </div>
      </div>
      <div className="col-xl-3">
        {entrances.length > 0 && (
          <section className="admin-card mb-3" aria-labelledby={`${prefix}-quick`}>
            <h2 className="h6" id={`${prefix}-quick`}>
              {t('config.quickEntrance')}
            </h2>
            <ul className="list-unstyled mb-0 d-flex flex-wrap gap-2">
              {entrances.map((e) => (
                <li key={e.value}>
                  <a
                    className="btn btn-sm btn-outline-secondary"
                    href={adminHref(adminBase, e.value)}
                    onClick={(event) => {
                      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                      event.preventDefault();
                      navigate(e.value);
                    }}
                    data-quick-entrance={e.value}
                  >
                    {e.key}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {auth('add') && (
          <button type="button" className="btn btn-outline-primary w-100" onClick={() => setAdding(true)} data-config-add-open="">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('config.addItem')}
          </button>
        )}
      </div>
      {adding && (
        <ConfigItemAdd
          groups={data.configGroup}
          group={active}
          onClose={() => setAdding(false)}
          onAdded={(target) => {
            setAdding(false);
            setActive(target);
            void load(null).catch(() => undefined);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          danger
          busy={deleteBusy}
          message={t('config.deleteConfirm', { title: deleting.title || deleting.name, name: deleting.name })}
          confirmLabel={t('crud-ui:confirm.delete')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </div>
  );
}
