/**
 * The terminal's state (spec sections 3 and 4): a queue of command tasks and the panel's switches. Pure
 * functions returning a new state, so the queue rules are unit-tested and the stream runner
 * (terminalRunner.ts) only has to call `startNext` and `applyStreamEvent`.
 */
import { STREAM_MARKERS, TERMINAL_DEFAULTS, TaskStatus, isPackageManager, type InstalledManager } from '../../shared/constants/terminal.ts';
import { buildQuery, rewriteAdminUrl } from '../../shared/request/query.ts';

export interface TerminalTask {
  uuid: string;
  /** Unix milliseconds. */
  createTime: number;
  status: TaskStatus;
  /** The key of a whitelisted command (reference 4.2), never command text. */
  command: string;
  /** Output lines. */
  message: string[];
  /** The output is unfolded in the panel. */
  showMessage: boolean;
  /** When it fails, later tasks wait instead of starting. */
  blockOnFailure: boolean;
  /** Opaque value the server echoes (e.g. `module-install:<uid>`). */
  extend: string;
}

/** How a task ended, as its callback learns it (reference `taskCompleted`): an unknown end counts as failed. */
export type TaskEnd = TaskStatus.Success | TaskStatus.Failed;

/**
 * The task's `callback` of the spec: called with how the task ended, every time it does (a retried task
 * ends again). A function cannot be stored with the state, so the runner keeps callbacks by task uuid.
 */
export type TaskCallback = (end: TaskEnd) => void;

export interface TerminalState {
  show: boolean;
  /** A task changed while the panel was hidden. */
  showDot: boolean;
  taskList: TerminalTask[];
  packageManager: string;
  /** The package managers the server has (the only ones offered); null until its command menu has loaded. */
  installedManagers: InstalledManager[] | null;
  showPackageManagerDialog: boolean;
  showConfig: boolean;
  automaticCleanupTask: '0' | '1';
  port: string;
}

const RUNNING: readonly TaskStatus[] = [TaskStatus.Connecting, TaskStatus.Executing];
const FAILED: readonly TaskStatus[] = [TaskStatus.Failed, TaskStatus.Unknown];

export function initialTerminal(packageManager: string = TERMINAL_DEFAULTS.packageManager): TerminalState {
  return {
    show: false,
    showDot: false,
    taskList: [],
    packageManager,
    installedManagers: null,
    showPackageManagerDialog: false,
    showConfig: false,
    automaticCleanupTask: TERMINAL_DEFAULTS.automaticCleanupTask,
    port: TERMINAL_DEFAULTS.port,
  };
}

function isStatus(value: unknown): value is TaskStatus {
  return typeof value === 'number' && Number.isInteger(value) && value >= TaskStatus.Waiting && value <= TaskStatus.Unknown;
}

function parseTask(value: unknown): TerminalTask | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.uuid !== 'string' || !v.uuid || typeof v.command !== 'string' || !isStatus(v.status)) return null;
  return {
    uuid: v.uuid,
    createTime: typeof v.createTime === 'number' ? v.createTime : 0,
    // A task the page left while it ran can no longer be followed: its outcome is unknown.
    status: RUNNING.includes(v.status) ? TaskStatus.Unknown : v.status,
    command: v.command,
    message: Array.isArray(v.message) ? v.message.filter((m): m is string => typeof m === 'string') : [],
    showMessage: v.showMessage === true,
    blockOnFailure: v.blockOnFailure !== false,
    extend: typeof v.extend === 'string' ? v.extend : '',
  };
}

/**
 * The state at page load: the persisted keys (showDot, taskList, automaticCleanupTask) from localStorage
 * `terminal` over the defaults, with tasks stuck Connecting or Executing turned Unknown.
 */
export function initTerminal(raw: string | null, packageManager?: string): TerminalState {
  const state = initialTerminal(packageManager);
  let stored: unknown;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    return state;
  }
  if (typeof stored !== 'object' || stored === null) return state;
  const v = stored as Record<string, unknown>;
  return {
    ...state,
    showDot: v.showDot === true,
    taskList: Array.isArray(v.taskList) ? v.taskList.map(parseTask).filter((t): t is TerminalTask => t !== null) : [],
    automaticCleanupTask: v.automaticCleanupTask === '0' ? '0' : '1',
  };
}

/** What goes into localStorage `terminal`: only the persisted keys. */
export function serializeTerminal(state: TerminalState): string {
  const { showDot, taskList, automaticCleanupTask } = state;
  return JSON.stringify({ showDot, taskList, automaticCleanupTask });
}

/** Opens or closes the panel (toggles without `show`); opening it clears the dot. */
export function toggleTerminal(state: TerminalState, show = !state.show): TerminalState {
  return { ...state, show, showDot: show ? false : state.showDot };
}

function update(state: TerminalState, uuid: string, change: (task: TerminalTask) => TerminalTask): TerminalState {
  return { ...state, taskList: state.taskList.map((t) => (t.uuid === uuid ? change(t) : t)) };
}

/** A Failed or Unknown task holds the queue. */
export function hasFailedTask(state: TerminalState): boolean {
  return state.taskList.some((t) => FAILED.includes(t.status));
}

/** Removes every Success task. */
export function clearSuccessTasks(state: TerminalState): TerminalState {
  return { ...state, taskList: state.taskList.filter((t) => t.status !== TaskStatus.Success) };
}

/** A task id: random hex (crypto.randomUUID needs a secure context, which a plain-HTTP intranet site is not). */
export function newTaskId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface NewTask {
  uuid: string;
  createTime: number;
  command: string;
  blockOnFailure?: boolean;
  extend?: string;
  /** Its output is unfolded from the start (the admin queued it and watches it). */
  showMessage?: boolean;
}

/**
 * Queues a task (Waiting). Success tasks are cleared first when automaticCleanupTask is '1'. `blocked`: a
 * failed task will keep the new one from starting and the hidden panel does not show it, so the caller must
 * say so ('New tasks will not start until the failed tasks are retried or deleted').
 */
export function addTask(state: TerminalState, task: NewTask): { state: TerminalState; blocked: boolean } {
  const base = state.automaticCleanupTask === '1' ? clearSuccessTasks(state) : state;
  const added: TerminalTask = {
    uuid: task.uuid,
    createTime: task.createTime,
    status: TaskStatus.Waiting,
    command: task.command,
    message: [],
    showMessage: task.showMessage ?? false,
    blockOnFailure: task.blockOnFailure ?? true,
    extend: task.extend ?? '',
  };
  const next: TerminalState = { ...base, taskList: [...base.taskList, added], showDot: base.show ? base.showDot : true };
  return { state: next, blocked: !state.show && hasFailedTask(base) };
}

/**
 * The task to start now: the first Waiting one, provided none before it is running or is a failed task
 * that blocks on failure (failed tasks without blockOnFailure are skipped past). Null when none may start.
 */
export function nextTask(state: TerminalState): TerminalTask | null {
  for (const task of state.taskList) {
    if (task.status === TaskStatus.Waiting) return task;
    if (RUNNING.includes(task.status)) return null;
    if (FAILED.includes(task.status) && task.blockOnFailure) return null;
  }
  return null;
}

/** Starts the next task if one may start: it becomes Connecting (the stream is being opened). */
export function startNext(state: TerminalState): { state: TerminalState; started: TerminalTask | null } {
  const task = nextTask(state);
  if (!task) return { state, started: null };
  const started = { ...task, status: TaskStatus.Connecting };
  return { state: update(state, task.uuid, () => started), started };
}

/** Sets a task's status; a blocking failure unfolds its output so the reason shows. */
export function setTaskStatus(state: TerminalState, uuid: string, status: TaskStatus): TerminalState {
  const next = update(state, uuid, (t) => ({ ...t, status, showMessage: t.showMessage || (FAILED.includes(status) && t.blockOnFailure) }));
  return next.show ? next : { ...next, showDot: true };
}

/**
 * One event of a task's stream: the markers move the status (link → Executing, exec success → Success, exec
 * error → Failed, completed without Success → Failed); anything else is an output line. `{error: true}` is
 * a broken stream (Failed).
 */
export function applyStreamEvent(state: TerminalState, uuid: string, event: string | { error: true }): TerminalState {
  const task = state.taskList.find((t) => t.uuid === uuid);
  if (!task) return state;
  if (typeof event !== 'string') return setTaskStatus(state, uuid, TaskStatus.Failed);
  switch (event) {
    case STREAM_MARKERS.linkSuccess:
      return setTaskStatus(state, uuid, TaskStatus.Executing);
    case STREAM_MARKERS.execSuccess:
      return setTaskStatus(state, uuid, TaskStatus.Success);
    case STREAM_MARKERS.execError:
      return setTaskStatus(state, uuid, TaskStatus.Failed);
    case STREAM_MARKERS.completed:
      return task.status === TaskStatus.Success ? state : setTaskStatus(state, uuid, TaskStatus.Failed);
    default:
      return update(state, uuid, (t) => ({ ...t, message: [...t.message, event] }));
  }
}

const ENDED: readonly TaskStatus[] = [TaskStatus.Success, ...FAILED];

/**
 * The tasks that ended between two states (a status of Waiting, Connecting or Executing became Success,
 * Failed or Unknown), with the end their callbacks get.
 */
export function endedTasks(before: TerminalState | null, after: TerminalState): Array<{ uuid: string; end: TaskEnd }> {
  const was = new Map((before?.taskList ?? []).map((t) => [t.uuid, t.status]));
  return after.taskList.flatMap((task) => {
    const previous = was.get(task.uuid);
    if (previous === undefined || ENDED.includes(previous) || !ENDED.includes(task.status)) return [];
    return [{ uuid: task.uuid, end: task.status === TaskStatus.Success ? TaskStatus.Success : TaskStatus.Failed }];
  });
}

/** Whether a task may be retried or deleted: not while it runs. */
export function canChange(task: TerminalTask): boolean {
  return !RUNNING.includes(task.status);
}

/** Whether a task runs or waits to: the terminal's runner must be there, though its panel is closed. */
export function hasWork(state: TerminalState): boolean {
  return nextTask(state) !== null || state.taskList.some((task) => !canChange(task));
}

/** Retry: the output is cleared and the task waits again. */
export function retryTask(state: TerminalState, uuid: string): TerminalState {
  const task = state.taskList.find((t) => t.uuid === uuid);
  if (!task || !canChange(task)) return state;
  return update(state, uuid, (t) => ({ ...t, status: TaskStatus.Waiting, message: [] }));
}

/** Delete, allowed only when the task is not Connecting or Executing. */
export function deleteTask(state: TerminalState, uuid: string): TerminalState {
  const task = state.taskList.find((t) => t.uuid === uuid);
  if (!task || !canChange(task)) return state;
  return { ...state, taskList: state.taskList.filter((t) => t.uuid !== uuid) };
}

export function toggleTaskMessage(state: TerminalState, uuid: string): TerminalState {
  return update(state, uuid, (t) => ({ ...t, showMessage: !t.showMessage }));
}

export function setPackageManagerDialog(state: TerminalState, show: boolean): TerminalState {
  return { ...state, showPackageManagerDialog: show };
}

export function setConfigDialog(state: TerminalState, show: boolean): TerminalState {
  return { ...state, showConfig: show };
}

export function setPackageManager(state: TerminalState, packageManager: string): TerminalState {
  return isPackageManager(packageManager) ? { ...state, packageManager } : state;
}

/** The server's package managers, and its choice among them. */
export function setPackageManagers(state: TerminalState, chosen: string, installed: InstalledManager[]): TerminalState {
  return { ...setPackageManager(state, chosen), installedManagers: installed };
}

export function setAutomaticCleanup(state: TerminalState, on: boolean): TerminalState {
  return { ...state, automaticCleanupTask: on ? '1' : '0' };
}

/** The port of the install service; only a TCP port number is kept. */
export function setPort(state: TerminalState, port: string): TerminalState {
  const n = Number(port);
  return /^\d{1,5}$/.test(port) && n >= 1 && n <= 65535 ? { ...state, port } : state;
}

/** The stream URL of a task: a one-time ticket stands in for the admin token, which never goes into a URL. */
export function terminalStreamUrl(adminBase: string, task: Pick<TerminalTask, 'command' | 'uuid' | 'extend'>, ticket: string, lang: string): string {
  const query = buildQuery({ server: 1, command: task.command, uuid: task.uuid, extend: task.extend, ticket, lang });
  return `${rewriteAdminUrl('/admin/ajax/terminal', adminBase)}?${query}`;
}
