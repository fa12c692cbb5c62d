import { useEffect, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { TaskStatus } from '../../shared/constants/terminal.ts';
import { formatTime } from '../../shared/time.ts';
import {
  PACKAGE_MANAGERS,
  canChange,
  clearSuccessTasks,
  deleteTask,
  retryTask,
  setAutomaticCleanup,
  setConfigDialog,
  setPackageManager,
  setPackageManagerDialog,
  setPort,
  toggleTaskMessage,
  toggleTerminal,
  type TerminalState,
  type TerminalTask,
} from './terminal.ts';

const STATUS_TONE: Record<TaskStatus, string> = {
  [TaskStatus.Waiting]: 'secondary',
  [TaskStatus.Connecting]: 'info',
  [TaskStatus.Executing]: 'primary',
  [TaskStatus.Success]: 'success',
  [TaskStatus.Failed]: 'danger',
  [TaskStatus.Unknown]: 'warning',
};

export interface TerminalProps {
  state: TerminalState;
  onChange(state: TerminalState): void;
}

function TaskRow({ task, state, onChange }: TerminalProps & { task: TerminalTask }) {
  const { t } = useTranslation('admin');
  const outputId = useId();
  const changeable = canChange(task);
  const failed = task.status === TaskStatus.Failed || task.status === TaskStatus.Unknown;
  return (
    <li className="list-group-item" data-task={task.uuid}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className={`badge text-bg-${STATUS_TONE[task.status]}`}>{t(`terminal.status.${TaskStatus[task.status]}`)}</span>
        <code className="text-break">{task.command}</code>
        <small className="text-body-secondary">{formatTime(task.createTime)}</small>
        <span className="ms-auto d-flex gap-1">
          {task.message.length > 0 && (
            <button type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={task.showMessage} aria-controls={outputId} onClick={() => onChange(toggleTaskMessage(state, task.uuid))}>
              {t(task.showMessage ? 'terminal.hideOutput' : 'terminal.showOutput')}
            </button>
          )}
          {failed && (
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onChange(retryTask(state, task.uuid))}>
              {t('terminal.retry')}
            </button>
          )}
          {changeable && (
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => onChange(deleteTask(state, task.uuid))}>
              {t('terminal.delete')}
            </button>
          )}
        </span>
      </div>
      {task.showMessage && task.message.length > 0 && (
        <pre id={outputId} className="admin-terminal-output mt-2 mb-0">
          {task.message.join('\n')}
        </pre>
      )}
    </li>
  );
}

/** Choosing the package manager install commands will use. */
function PackageManagerDialog({ state, onChange }: TerminalProps) {
  const { t } = useTranslation('admin');
  const [chosen, setChosen] = useState(state.packageManager);
  useEffect(() => {
    if (state.showPackageManagerDialog) setChosen(state.packageManager);
  }, [state.showPackageManagerDialog, state.packageManager]);
  const close = () => onChange(setPackageManagerDialog(state, false));
  return (
    <Modal show={state.showPackageManagerDialog} onHide={close} aria-labelledby="admin-pm-title" data-package-manager-dialog="">
      <Modal.Header closeButton closeLabel={t('shell.close')}>
        <Modal.Title as="h2" className="h5" id="admin-pm-title">
          {t('terminal.packageManagerTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <fieldset>
          <legend className="fs-6">{t('terminal.packageManagerHint')}</legend>
          {PACKAGE_MANAGERS.map((pm) => (
            <div className="form-check" key={pm}>
              <input className="form-check-input" type="radio" name="admin-package-manager" id={`pm-${pm}`} checked={chosen === pm} onChange={() => setChosen(pm)} />
              <label className="form-check-label" htmlFor={`pm-${pm}`}>
                {pm}
              </label>
            </div>
          ))}
        </fieldset>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={close}>
          {t('shell.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onChange(setPackageManagerDialog(setPackageManager(state, chosen), false))}>
          {t('shell.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

/** The terminal's settings: package manager, automatic cleanup of successful tasks, install-service port. */
function ConfigDialog({ state, onChange }: TerminalProps) {
  const { t } = useTranslation('admin');
  const [port, setPortText] = useState(state.port);
  useEffect(() => {
    if (state.showConfig) setPortText(state.port);
  }, [state.showConfig, state.port]);
  const close = () => onChange(setConfigDialog(state, false));
  const portValid = setPort(state, port).port === port;
  return (
    <Modal show={state.showConfig} onHide={close} aria-labelledby="admin-terminal-config-title" data-terminal-config="">
      <Modal.Header closeButton closeLabel={t('shell.close')}>
        <Modal.Title as="h2" className="h5" id="admin-terminal-config-title">
          {t('terminal.configTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="mb-3">
          <label className="form-label" htmlFor="terminal-pm">
            {t('terminal.packageManager')}
          </label>
          <select id="terminal-pm" className="form-select" value={state.packageManager} onChange={(e) => onChange(setPackageManager(state, e.target.value))}>
            {PACKAGE_MANAGERS.map((pm) => (
              <option key={pm} value={pm}>
                {pm}
              </option>
            ))}
          </select>
        </div>
        <div className="form-check form-switch mb-3">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="terminal-cleanup"
            checked={state.automaticCleanupTask === '1'}
            onChange={(e) => onChange(setAutomaticCleanup(state, e.target.checked))}
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
              setPortText(e.target.value);
              onChange(setPort(state, e.target.value));
            }}
          />
          {!portValid && (
            <div id="terminal-port-error" className="invalid-feedback">
              {t('terminal.portInvalid')}
            </div>
          )}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={close}>
          {t('shell.done')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * The terminal panel: the task queue with retry, delete and clear per the rules of spec section 4, and the
 * two dialogs. Commands are queued by admin functions that run server commands; the server side of the
 * terminal comes with a later issue, so the panel says so and nothing here starts a command.
 */
export function TerminalPanel({ state, onChange }: TerminalProps) {
  const { t } = useTranslation('admin');
  const hasSuccess = state.taskList.some((task) => task.status === TaskStatus.Success);
  return (
    <>
      <Modal show={state.show} onHide={() => onChange(toggleTerminal(state, false))} size="lg" scrollable aria-labelledby="admin-terminal-title" data-terminal="">
        <Modal.Header closeButton closeLabel={t('shell.close')}>
          <Modal.Title as="h2" className="h5" id="admin-terminal-title">
            <i className="bi bi-terminal me-2" aria-hidden="true" />
            {t('terminal.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{t('terminal.unavailable')}</p>
          {state.taskList.length === 0 ? (
            <p className="admin-empty mb-0" data-empty="">
              {t('terminal.empty')}
            </p>
          ) : (
            <ul className="list-group">
              {state.taskList.map((task) => (
                <TaskRow key={task.uuid} task={task} state={state} onChange={onChange} />
              ))}
            </ul>
          )}
        </Modal.Body>
        <Modal.Footer className="justify-content-between">
          <button type="button" className="btn btn-outline-danger" disabled={!hasSuccess} onClick={() => onChange(clearSuccessTasks(state))}>
            <i className="bi bi-trash3 me-1" aria-hidden="true" />
            {t('terminal.clearSuccess')}
          </button>
          <span className="d-flex gap-2">
            <button type="button" className="btn btn-outline-secondary" onClick={() => onChange(setPackageManagerDialog(state, true))} data-open-package-manager="">
              {t('terminal.packageManagerButton', { pm: state.packageManager })}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => onChange(setConfigDialog(state, true))} data-open-terminal-config="">
              <i className="bi bi-gear me-1" aria-hidden="true" />
              {t('terminal.config')}
            </button>
          </span>
        </Modal.Footer>
      </Modal>
      <PackageManagerDialog state={state} onChange={onChange} />
      <ConfigDialog state={state} onChange={onChange} />
    </>
  );
}
