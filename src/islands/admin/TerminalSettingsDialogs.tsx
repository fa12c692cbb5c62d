import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { isPackageManager, type InstalledManager } from '../../shared/constants/terminal.ts';
import { browserRequest } from '../lib/request.ts';
import { setAutomaticCleanup, setConfigDialog, setPackageManager, setPackageManagerDialog, setPort, type TerminalState } from './terminal.ts';
import type { TerminalUpdate } from './terminalRunner.ts';

/** The terminal's state and how to change it, as its panel and dialogs get them. */
export interface TerminalStateProps {
  state: TerminalState;
  update: TerminalUpdate;
}

/** How the request that brings the server's package managers went, and how to ask again. */
interface ManagersRequest {
  managersFailed: boolean;
  onRetry(): void;
}

/** The terminal settings the server keeps (changeTerminalConfig); resolves whether they were stored. */
async function saveConfig(changes: { manager?: string; automaticCleanupTask?: '0' | '1' }): Promise<boolean> {
  try {
    await browserRequest()('/admin/ajax/changeTerminalConfig', { method: 'POST', body: changes });
    return true;
  } catch {
    // The request client has shown the server's message.
    return false;
  }
}

interface SettingsDialogProps {
  show: boolean;
  onHide(): void;
  /** The title's element id. */
  id: string;
  title: string;
  footer: ReactNode;
  children: ReactNode;
}

/** The package managers to offer: the server's installed ones (the current one alone until they are known). */
function offered(state: TerminalState): InstalledManager[] {
  if (state.installedManagers) return state.installedManagers;
  return isPackageManager(state.packageManager) ? [{ name: state.packageManager, version: null }] : [];
}

/** The id of a package manager's radio button: its label and the focus after Try again find it by this. */
const managerRadioId = (name: string) => `pm-${name}`;

/** A package manager as offered: its name and the version the server has. */
function managerLabel(manager: InstalledManager): string {
  return manager.version ? `${manager.name} ${manager.version}` : manager.name;
}

/**
 * Under the managers offered: that the server's list is still coming or could not be read (the current manager
 * alone is offered until then), or that the server has none. Try again leaves with the failure, so it hands the
 * focus to the chooser of managers (`chooserId`) rather than let it fall to the page behind the dialog.
 */
function ManagersStatus({ state, managersFailed, onRetry, chooserId }: { state: TerminalState; chooserId: string } & ManagersRequest) {
  const { t } = useTranslation('admin');
  const retry = (e: MouseEvent<HTMLButtonElement>) => {
    e.currentTarget.ownerDocument.getElementById(chooserId)?.focus();
    onRetry();
  };
  if (state.installedManagers !== null) {
    return offered(state).length === 0 ? <p className="text-body-secondary small mt-2 mb-0">{t('terminal.noManagers')}</p> : null;
  }
  if (managersFailed) {
    return (
      <p className="text-danger small mt-2 mb-0" role="alert" data-managers-failed="">
        {t('terminal.managersFailed')}{' '}
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={retry}>
          {t('terminal.commandsRetry')}
        </button>
      </p>
    );
  }
  return (
    <p className="text-body-secondary small mt-2 mb-0" role="status" data-managers-loading="">
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {t('terminal.managersLoading')}
    </p>
  );
}

/** A dialog of the terminal's settings: titled, closed by its button or Escape, its buttons in the footer. */
function SettingsDialog({ show, onHide, id, title, footer, children, ...marks }: SettingsDialogProps & Record<`data-${string}`, string>) {
  const { t } = useTranslation('admin');
  return (
    <Modal show={show} onHide={onHide} scrollable aria-labelledby={id} {...marks}>
      <Modal.Header closeButton closeLabel={t('shell.close')}>
        <Modal.Title as="h2" className="h5" id={id}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>{footer}</Modal.Footer>
    </Modal>
  );
}

/** Choosing the package manager the install, build and test commands use; the server stores the choice. */
function PackageManagerDialog({ state, update, managersFailed, onRetry }: TerminalStateProps & ManagersRequest) {
  const { t } = useTranslation('admin');
  const [chosen, setChosen] = useState(state.packageManager);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (state.showPackageManagerDialog) setChosen(state.packageManager);
  }, [state.showPackageManagerDialog, state.packageManager]);
  const close = () => update((s) => setPackageManagerDialog(s, false));
  const confirm = async () => {
    setSaving(true);
    const saved = await saveConfig({ manager: chosen });
    setSaving(false);
    if (saved) update((s) => setPackageManagerDialog(setPackageManager(s, chosen), false));
  };
  const footer = (
    <>
      <button type="button" className="btn btn-outline-secondary" onClick={close}>
        {t('shell.cancel')}
      </button>
      <button type="button" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined} onClick={() => void confirm()}>
        {t('shell.confirm')}
      </button>
    </>
  );
  return (
    <SettingsDialog show={state.showPackageManagerDialog} onHide={close} id="admin-pm-title" title={t('terminal.packageManagerTitle')} footer={footer} data-package-manager-dialog="">
      <fieldset>
        <legend className="fs-6">{t('terminal.packageManagerHint')}</legend>
        {offered(state).map((pm) => (
          <div className="form-check" key={pm.name}>
            <input className="form-check-input" type="radio" name="admin-package-manager" id={managerRadioId(pm.name)} value={pm.name} checked={chosen === pm.name} onChange={() => setChosen(pm.name)} />
            <label className="form-check-label" htmlFor={managerRadioId(pm.name)}>
              {managerLabel(pm)}
            </label>
          </div>
        ))}
        <ManagersStatus state={state} managersFailed={managersFailed} onRetry={onRetry} chooserId={managerRadioId(chosen)} />
      </fieldset>
    </SettingsDialog>
  );
}

/** The terminal's settings: package manager and automatic cleanup (stored on the server), install-service port. */
function ConfigDialog({ state, update, managersFailed, onRetry }: TerminalStateProps & ManagersRequest) {
  const { t } = useTranslation('admin');
  const [port, setPortText] = useState(state.port);
  useEffect(() => {
    if (state.showConfig) setPortText(state.port);
  }, [state.showConfig, state.port]);
  const close = () => update((s) => setConfigDialog(s, false));
  const portValid = setPort(state, port).port === port;
  const footer = (
    <button type="button" className="btn btn-primary" onClick={close}>
      {t('shell.done')}
    </button>
  );
  return (
    <SettingsDialog show={state.showConfig} onHide={close} id="admin-terminal-config-title" title={t('terminal.configTitle')} footer={footer} data-terminal-config="">
      <div className="mb-3">
        <label className="form-label" htmlFor="terminal-pm">
          {t('terminal.packageManager')}
        </label>
        <select
          id="terminal-pm"
          className="form-select"
          value={state.packageManager}
          onChange={(e) => {
            const manager = e.target.value;
            void saveConfig({ manager }).then((saved) => saved && update((s) => setPackageManager(s, manager)));
          }}
        >
          {offered(state).map((pm) => (
            <option key={pm.name} value={pm.name}>
              {managerLabel(pm)}
            </option>
          ))}
        </select>
        <ManagersStatus state={state} managersFailed={managersFailed} onRetry={onRetry} chooserId="terminal-pm" />
      </div>
      <div className="form-check form-switch mb-3">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id="terminal-cleanup"
          checked={state.automaticCleanupTask === '1'}
          onChange={(e) => {
            const on = e.target.checked;
            void saveConfig({ automaticCleanupTask: on ? '1' : '0' }).then((saved) => saved && update((s) => setAutomaticCleanup(s, on)));
          }}
        />
        <label className="form-check-label" htmlFor="terminal-cleanup">
          {t('terminal.automaticCleanup')}
        </label>
      </div>
      <div>
        <label className="form-label" htmlFor="terminal-port">
          {t('terminal.port')}
        </label>
        <input
          id="terminal-port"
          className={`form-control${portValid ? '' : ' is-invalid'}`}
          inputMode="numeric"
          value={port}
          aria-invalid={!portValid || undefined}
          aria-describedby={portValid ? undefined : 'terminal-port-error'}
          onChange={(e) => {
            const text = e.target.value;
            setPortText(text);
            update((s) => setPort(s, text));
          }}
        />
        {!portValid && (
          <div id="terminal-port-error" className="invalid-feedback">
            {t('terminal.portInvalid')}
          </div>
        )}
      </div>
    </SettingsDialog>
  );
}

/** The terminal's two settings dialogs, opened from the panel's footer. */
export function TerminalSettingsDialogs(props: TerminalStateProps & ManagersRequest) {
  return (
    <>
      <PackageManagerDialog {...props} />
      <ConfigDialog {...props} />
    </>
  );
}
