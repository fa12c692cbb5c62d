import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { TaskStatus, type TerminalCommandInfo, type TerminalSettings } from '../../shared/constants/terminal.ts';
import { formatTime } from '../../shared/time.ts';
import {
  canChange,
  clearSuccessTasks,
  deleteTask,
  hasFailedTask,
  nextTask,
  retryTask,
  setAutomaticCleanup,
  setConfigDialog,
  setPackageManagerDialog,
  setPackageManagers,
  toggleTaskMessage,
  toggleTerminal,
  type TerminalTask,
} from './terminal.ts';
import { useTerminalRunner, type TerminalUpdate } from './terminalRunner.ts';
import { useTerminalCommands, type TerminalCommands } from './useTerminalCommands.ts';
import { TerminalSettingsDialogs, type TerminalStateProps } from './TerminalSettingsDialogs.tsx';
import { Checkbox } from '../lib/Checkbox.tsx';

const STATUS_TONE: Record<TaskStatus, string> = {
  [TaskStatus.Waiting]: 'secondary',
  [TaskStatus.Connecting]: 'info',
  [TaskStatus.Executing]: 'primary',
  [TaskStatus.Success]: 'success',
  [TaskStatus.Failed]: 'danger',
  [TaskStatus.Unknown]: 'warning',
};

/** A task's output as it streams: monospace, following new lines until the admin scrolls up to read. */
function TaskOutput({ id, lines, label }: { id: string; lines: string[]; label: string }) {
  const ref = useRef<HTMLPreElement>(null);
  const follow = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  return (
    <pre
      id={id}
      ref={ref}
      className="admin-terminal-output mt-2 mb-0"
      tabIndex={0}
      aria-label={label}
      aria-live="polite"
      data-output=""
      onScroll={(e) => {
        const el = e.currentTarget;
        follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
      }}
    >
      {lines.join('\n')}
    </pre>
  );
}

interface TaskRowProps {
  task: TerminalTask;
  update: TerminalUpdate;
  timeZone: string;
  onCancel(uuid: string): void;
  /** The task the admin just queued: kept in view as its output comes. */
  follow: boolean;
}

function TaskRow({ task, update, timeZone, onCancel, follow }: TaskRowProps) {
  const { t } = useTranslation('admin');
  const outputId = useId();
  const row = useRef<HTMLLIElement>(null);
  const running = !canChange(task);
  const failed = task.status === TaskStatus.Failed || task.status === TaskStatus.Unknown;
  // A running task shows what it prints; a finished one folds away unless opened (or it failed and blocks).
  const open = (running || task.showMessage) && task.message.length > 0;
  useEffect(() => {
    if (follow) row.current?.scrollIntoView({ block: 'nearest' });
  }, [follow, open, task.status, task.message.length]);
  // Retry and cancel take their own button away, and delete the row: the focus goes to what stays (the row;
  // the next or previous row, or the dialog), never to the page behind.
  const thenFocusRow = (act: () => void) => () => {
    row.current?.focus();
    act();
  };
  const remove = () => {
    const li = row.current;
    const next = li?.nextElementSibling ?? li?.previousElementSibling ?? li?.closest('[role="dialog"]');
    if (next instanceof HTMLElement) next.focus();
    update((s) => deleteTask(s, task.uuid));
  };
  return (
    <li ref={row} className="list-group-item" tabIndex={-1} data-task={task.uuid} data-task-command={task.command} data-status={TaskStatus[task.status]}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className={`badge text-bg-${STATUS_TONE[task.status]}`}>{t(`terminal.status.${TaskStatus[task.status]}`)}</span>
        <code className="text-break">{task.command}</code>
        <small className="text-body-secondary">{formatTime(task.createTime, undefined, timeZone)}</small>
        {task.blockOnFailure && <small className="text-body-secondary">{t('terminal.blocking')}</small>}
        <span className="ms-auto d-flex gap-1">
          {!running && task.message.length > 0 && (
            <button type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={task.showMessage} aria-controls={outputId} onClick={() => update((s) => toggleTaskMessage(s, task.uuid))}>
              {t(task.showMessage ? 'terminal.hideOutput' : 'terminal.showOutput')}
            </button>
          )}
          {running && (
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={thenFocusRow(() => onCancel(task.uuid))} data-task-cancel="">
              {t('terminal.cancelTask')}
            </button>
          )}
          {failed && (
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={thenFocusRow(() => update((s) => retryTask(s, task.uuid)))} data-task-retry="">
              {t('terminal.retry')}
            </button>
          )}
          {!running && (
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={remove} data-task-delete="">
              {t('terminal.delete')}
            </button>
          )}
        </span>
      </div>
      {open && <TaskOutput id={outputId} lines={task.message} label={t('terminal.output', { command: task.command })} />}
    </li>
  );
}

/**
 * The commands the server offers (its table), each with its purpose; the package-manager commands of the
 * chosen manager only. Commands that change the installation are confirmed first.
 */
function CommandMenu({ packageManager, menu, onRun }: { packageManager: string; menu: TerminalCommands; onRun(command: string, blockOnFailure: boolean): void }) {
  const { t } = useTranslation('admin');
  const { commands, available, failed, reload } = menu;
  const [blockOnFailure, setBlockOnFailure] = useState(true);
  const [asking, setAsking] = useState<TerminalCommandInfo | null>(null);
  const blockId = useId();
  const summary = useRef<HTMLElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const cancelQuestion = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  // An alert dialog takes the focus, on its safe answer.
  useEffect(() => {
    if (asking) cancelQuestion.current?.focus();
  }, [asking]);
  // Try again leaves with the failure: the focus goes to the menu's own toggle, not to the page behind.
  const retry = () => {
    summary.current?.focus();
    reload();
  };

  const run = (command: TerminalCommandInfo) => {
    setAsking(null);
    onRun(command.key, blockOnFailure);
  };
  // The question leaves once answered: the focus goes back to the command that asked it.
  const answer = (command: TerminalCommandInfo, runIt: boolean) => {
    details.current?.querySelector<HTMLElement>(`[data-command="${command.key}"]`)?.focus();
    if (runIt) run(command);
    else setAsking(null);
  };

  return (
    <details className="mb-3" ref={details} data-command-menu="">
      <summary className="btn btn-outline-primary btn-sm" ref={summary}>
        <i className="bi bi-play-circle me-1" aria-hidden="true" />
        {t('terminal.commands')}
      </summary>
      <div className="mt-2">
        <Checkbox id={blockId} className="mb-2" label={t('terminal.blockOnFailure')} checked={blockOnFailure} onChange={setBlockOnFailure} />
        {asking && (
          <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alertdialog" aria-live="assertive" aria-labelledby={questionId} data-command-confirm={asking.key}>
            <span className="me-auto" id={questionId}>{t('terminal.confirmRun', { command: asking.key, purpose: asking.purpose })}</span>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => answer(asking, false)} ref={cancelQuestion} data-confirm-cancel="">
              {t('shell.cancel')}
            </button>
            <button type="button" className="btn btn-sm btn-warning" onClick={() => answer(asking, true)} data-confirm-run="">
              {t('terminal.run')}
            </button>
          </div>
        )}
        {failed ? (
          <p className="text-danger mb-0" data-commands-failed="">
            {t('terminal.commandsFailed')}{' '}
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={retry}>
              {t('terminal.commandsRetry')}
            </button>
          </p>
        ) : !available ? (
          <p className="text-body-secondary mb-0" data-terminal-unavailable="">
            {t('terminal.unavailable')}
          </p>
        ) : commands === null ? (
          <p className="text-body-secondary mb-0" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('terminal.commandsLoading')}
          </p>
        ) : (
          <div className="list-group">
            {commands
              .filter((c) => c.packageManager === null || c.packageManager === packageManager)
              .map((c) => (
                <button
                  key={c.key}
                  type="button"
                  className="list-group-item list-group-item-action"
                  data-command={c.key}
                  onClick={() => (c.confirm ? setAsking(c) : run(c))}
                >
                  <code className="me-2">{c.key}</code>
                  <span className="small text-body-secondary">{c.purpose}</span>
                </button>
              ))}
          </div>
        )}
      </div>
    </details>
  );
}

export interface TerminalPanelProps extends TerminalStateProps {
  adminBase: string;
  lang: string;
  /** The site's time zone, in which task times show. */
  timeZone: string;
  /** Queues a command of the server's table; returns the new task's id. */
  onAdd(command: string, blockOnFailure: boolean): string;
}

/**
 * The terminal panel: the queue of spec section 4 run against the server's command stream, the command
 * menu, retry, cancel, delete and clear, and the two settings dialogs. It stays mounted while hidden, so
 * queued tasks keep running.
 */
export function TerminalPanel({ state, update, adminBase, lang, timeZone, onAdd }: TerminalPanelProps) {
  const { t } = useTranslation('admin');
  const { cancel } = useTerminalRunner(state, update, adminBase, lang);
  // The server's settings win over what this browser remembered (another admin may have changed them).
  const syncSettings = useCallback(
    (settings: TerminalSettings) => update((s) => setAutomaticCleanup(setPackageManagers(s, settings.packageManager, settings.installed), settings.automaticCleanupTask === '1')),
    [update],
  );
  const menu = useTerminalCommands(state.show, syncSettings);
  // The task queued last from the menu is scrolled to below the long menu, until the admin scrolls or types.
  const [followed, setFollowed] = useState<string | null>(null);
  const stopFollowing = () => setFollowed(null);
  const hasSuccess = state.taskList.some((task) => task.status === TaskStatus.Success);
  const running = state.taskList.some((task) => !canChange(task));
  const blocked = !running && hasFailedTask(state) && nextTask(state) === null && state.taskList.some((task) => task.status === TaskStatus.Waiting);
  return (
    <>
      <Modal show={state.show} onHide={() => update((s) => toggleTerminal(s, false))} size="lg" scrollable aria-labelledby="admin-terminal-title" data-terminal="">
        <Modal.Header closeButton closeLabel={t('shell.close')}>
          <Modal.Title as="h2" className="h5" id="admin-terminal-title">
            <i className="bi bi-terminal me-2" aria-hidden="true" />
            {t('terminal.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body onWheel={stopFollowing} onTouchMove={stopFollowing} onKeyDown={stopFollowing}>
          {state.show && <CommandMenu packageManager={state.packageManager} menu={menu} onRun={(command, blockOnFailure) => setFollowed(onAdd(command, blockOnFailure))} />}
          {blocked && (
            <p className="alert alert-warning py-2" role="status" data-blocked-notice="">
              {t('terminal.blocked')}
            </p>
          )}
          {state.taskList.length === 0 ? (
            <p className="admin-empty mb-0" data-empty="">
              {t('terminal.empty')}
            </p>
          ) : (
            <ul className="list-group">
              {state.taskList.map((task) => (
                <TaskRow key={task.uuid} task={task} update={update} timeZone={timeZone} follow={task.uuid === followed} onCancel={(uuid) => cancel(uuid, t('terminal.cancelled'))} />
              ))}
            </ul>
          )}
        </Modal.Body>
        <Modal.Footer className="justify-content-between">
          <button type="button" className="btn btn-outline-danger" disabled={!hasSuccess} onClick={() => update(clearSuccessTasks)} data-clear-success="">
            <i className="bi bi-trash3 me-1" aria-hidden="true" />
            {t('terminal.clearSuccess')}
          </button>
          <span className="d-flex gap-2">
            <button type="button" className="btn btn-outline-secondary" onClick={() => update((s) => setPackageManagerDialog(s, true))} data-open-package-manager="">
              {t('terminal.packageManagerButton', { pm: state.packageManager })}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => update((s) => setConfigDialog(s, true))} data-open-terminal-config="">
              <i className="bi bi-gear me-1" aria-hidden="true" />
              {t('terminal.config')}
            </button>
          </span>
        </Modal.Footer>
      </Modal>
      <TerminalSettingsDialogs state={state} update={update} managersFailed={menu.failed} onRetry={menu.reload} />
    </>
  );
}
