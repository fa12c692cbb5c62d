import test from 'ava';
import { STREAM_MARKERS, TaskStatus } from '../../src/shared/constants/terminal.ts';
import {
  addTask,
  applyStreamEvent,
  canChange,
  clearSuccessTasks,
  deleteTask,
  endedTasks,
  initTerminal,
  initialTerminal,
  nextTask,
  retryTask,
  serializeTerminal,
  setAutomaticCleanup,
  setPackageManager,
  setPackageManagers,
  setPort,
  setTaskStatus,
  startNext,
  terminalStreamUrl,
  toggleTerminal,
  type TerminalState,
  type TerminalTask,
} from '../../src/islands/admin/terminal.ts';

let counter = 0;
function task(status: TaskStatus, fields: Partial<TerminalTask> = {}): TerminalTask {
  counter += 1;
  return { uuid: `t${counter}`, createTime: counter, status, command: 'web-build.pnpm', message: [], showMessage: false, blockOnFailure: true, extend: '', ...fields };
}
function withTasks(tasks: TerminalTask[], fields: Partial<TerminalState> = {}): TerminalState {
  return { ...initialTerminal(), taskList: tasks, ...fields };
}
const add = (state: TerminalState, command = 'version.node') => addTask(state, { uuid: `n${++counter}`, createTime: counter, command });

test('defaults: pnpm, port 8000, automatic cleanup on, panel and dialogs closed', (t) => {
  const state = initialTerminal();
  t.is(state.packageManager, 'pnpm');
  t.is(state.port, '8000');
  t.is(state.automaticCleanupTask, '1');
  t.false(state.show);
  t.false(state.showDot);
  t.false(state.showPackageManagerDialog);
  t.false(state.showConfig);
  t.deepEqual(state.taskList, []);
  t.is(initialTerminal('npm').packageManager, 'npm', "the server's package manager is the starting choice");
});

test('only showDot, taskList and automaticCleanupTask are persisted; init turns stuck tasks Unknown', (t) => {
  const state = withTasks(
    [task(TaskStatus.Waiting), task(TaskStatus.Connecting), task(TaskStatus.Executing), task(TaskStatus.Success), task(TaskStatus.Failed)],
    { show: true, showDot: true, automaticCleanupTask: '0', port: '9000', packageManager: 'yarn', showConfig: true },
  );
  const raw = serializeTerminal(state);
  t.deepEqual(Object.keys(JSON.parse(raw) as object).sort(), ['automaticCleanupTask', 'showDot', 'taskList']);
  const back = initTerminal(raw);
  t.deepEqual(
    back.taskList.map((x) => x.status),
    [TaskStatus.Waiting, TaskStatus.Unknown, TaskStatus.Unknown, TaskStatus.Success, TaskStatus.Failed],
  );
  t.true(back.showDot);
  t.is(back.automaticCleanupTask, '0');
  t.false(back.show, 'the panel starts closed');
  t.is(back.port, '8000', 'the port is not persisted');
  t.is(back.packageManager, 'pnpm');
});

test('init survives nothing stored, broken JSON and malformed tasks', (t) => {
  t.deepEqual(initTerminal(null), initialTerminal());
  t.deepEqual(initTerminal('{oops'), initialTerminal());
  const state = initTerminal(JSON.stringify({ taskList: [{ uuid: 'a', command: 'x', status: 9 }, { uuid: '', command: 'x', status: 0 }, 'junk', { uuid: 'b', command: 'y', status: 0 }] }));
  t.deepEqual(
    state.taskList.map((x) => x.uuid),
    ['b'],
  );
  t.is(state.automaticCleanupTask, '1');
});

test('a new task waits at the end of the queue; success tasks are cleared first when automatic cleanup is on', (t) => {
  const base = withTasks([task(TaskStatus.Success), task(TaskStatus.Waiting)], { show: true });
  const { state } = add(base);
  t.deepEqual(
    state.taskList.map((x) => x.status),
    [TaskStatus.Waiting, TaskStatus.Waiting],
  );
  t.is(state.taskList[1]!.command, 'version.node');
  t.true(state.taskList[1]!.blockOnFailure, 'blocking on failure by default');
  const kept = add(setAutomaticCleanup(base, false)).state;
  t.is(kept.taskList.length, 3, 'without automatic cleanup success tasks stay');
});

test('a task the admin queues shows its output unfolded from the start', (t) => {
  const { state } = addTask(initialTerminal(), { uuid: 'u', createTime: 1, command: 'version.node', showMessage: true });
  t.true(state.taskList[0]!.showMessage);
  t.false(addTask(initialTerminal(), { uuid: 'v', createTime: 1, command: 'version.node' }).state.taskList[0]!.showMessage, 'folded unless asked');
});

test('adding while a failed or unknown task exists and the panel is hidden must be reported', (t) => {
  for (const status of [TaskStatus.Failed, TaskStatus.Unknown]) {
    const hidden = withTasks([task(status)]);
    t.true(add(hidden).blocked);
    t.false(add(toggleTerminal(hidden, true)).blocked, 'the open panel shows the failed task itself');
  }
  t.false(add(withTasks([task(TaskStatus.Success)])).blocked);
});

test('adding with the panel hidden lights the dot; opening the panel clears it', (t) => {
  const { state } = add(initialTerminal());
  t.true(state.showDot);
  const open = toggleTerminal(state);
  t.true(open.show);
  t.false(open.showDot);
  t.false(add(open).state.showDot);
  t.false(toggleTerminal(open).show, 'toggles back');
});

test('the first waiting task starts when nothing runs; running and blocking failures hold the queue', (t) => {
  const a = task(TaskStatus.Waiting);
  const b = task(TaskStatus.Waiting);
  t.is(nextTask(withTasks([a, b]))?.uuid, a.uuid);
  t.is(nextTask(withTasks([task(TaskStatus.Success), a])), a, 'success tasks are passed');
  t.is(nextTask(withTasks([task(TaskStatus.Connecting), a])), null);
  t.is(nextTask(withTasks([task(TaskStatus.Executing), a])), null);
  t.is(nextTask(withTasks([task(TaskStatus.Failed), a])), null, 'a failed task with blockOnFailure blocks');
  t.is(nextTask(withTasks([task(TaskStatus.Unknown), a])), null, 'so does an unknown one');
  t.is(nextTask(withTasks([task(TaskStatus.Failed, { blockOnFailure: false }), a])), a, 'one without it is skipped past');
  t.is(nextTask(withTasks([task(TaskStatus.Success)])), null);

  const { state, started } = startNext(withTasks([a, b]));
  t.is(started?.uuid, a.uuid);
  t.is(state.taskList[0]!.status, TaskStatus.Connecting, 'opening the stream makes it Connecting');
  t.is(startNext(state).started, null, 'one at a time');
});

test('stream events move the status and collect output', (t) => {
  const running = task(TaskStatus.Connecting);
  let state = withTasks([running], { show: true });
  state = applyStreamEvent(state, running.uuid, STREAM_MARKERS.linkSuccess);
  t.is(state.taskList[0]!.status, TaskStatus.Executing);
  state = applyStreamEvent(state, running.uuid, '> pnpm build');
  state = applyStreamEvent(state, running.uuid, 'done in 3s');
  t.deepEqual(state.taskList[0]!.message, ['> pnpm build', 'done in 3s']);
  state = applyStreamEvent(state, running.uuid, STREAM_MARKERS.execSuccess);
  t.is(state.taskList[0]!.status, TaskStatus.Success);
  state = applyStreamEvent(state, running.uuid, STREAM_MARKERS.completed);
  t.is(state.taskList[0]!.status, TaskStatus.Success, 'completed after success stays Success');

  const other = task(TaskStatus.Executing);
  let failed = applyStreamEvent(withTasks([other], { show: true }), other.uuid, STREAM_MARKERS.completed);
  t.is(failed.taskList[0]!.status, TaskStatus.Failed, 'completed without success is a failure');
  t.true(failed.taskList[0]!.showMessage, 'a blocking failure unfolds its output');
  failed = applyStreamEvent(withTasks([other], { show: true }), other.uuid, STREAM_MARKERS.execError);
  t.is(failed.taskList[0]!.status, TaskStatus.Failed);
  failed = applyStreamEvent(withTasks([other]), other.uuid, { error: true });
  t.is(failed.taskList[0]!.status, TaskStatus.Failed, 'a broken stream fails the task');
  t.true(failed.showDot, 'a change while the panel is hidden lights the dot');
  t.is(applyStreamEvent(state, 'nope', 'x'), state, 'events of unknown tasks are ignored');
});

test('retry clears the output and waits again; running tasks cannot be retried or deleted', (t) => {
  const failed = task(TaskStatus.Failed, { message: ['boom'] });
  const retried = retryTask(withTasks([failed]), failed.uuid);
  t.is(retried.taskList[0]!.status, TaskStatus.Waiting);
  t.deepEqual(retried.taskList[0]!.message, []);
  for (const status of [TaskStatus.Connecting, TaskStatus.Executing]) {
    const busy = task(status, { message: ['working'] });
    const state = withTasks([busy]);
    t.false(canChange(busy));
    t.is(retryTask(state, busy.uuid), state);
    t.is(deleteTask(state, busy.uuid), state);
  }
  for (const status of [TaskStatus.Waiting, TaskStatus.Success, TaskStatus.Failed, TaskStatus.Unknown]) {
    const idle = task(status);
    t.deepEqual(deleteTask(withTasks([idle]), idle.uuid).taskList, []);
  }
});

test('clear removes every success task and nothing else', (t) => {
  const state = withTasks([task(TaskStatus.Success), task(TaskStatus.Failed), task(TaskStatus.Success), task(TaskStatus.Waiting)]);
  t.deepEqual(
    clearSuccessTasks(state).taskList.map((x) => x.status),
    [TaskStatus.Failed, TaskStatus.Waiting],
  );
});

test('settings: known package managers, valid ports, the cleanup switch', (t) => {
  const state = initialTerminal();
  t.is(setPackageManager(state, 'yarn').packageManager, 'yarn');
  t.is(setPackageManager(state, 'rm -rf /'), state);
  t.is(setPort(state, '8080').port, '8080');
  for (const bad of ['0', '65536', '80a', '', '-1']) t.is(setPort(state, bad), state, bad);
  t.is(setAutomaticCleanup(state, false).automaticCleanupTask, '0');
  t.is(state.installedManagers, null, 'unknown until the server says');
  const installed = [{ name: 'npm' as const, version: '11.19.1' }];
  t.like(setPackageManagers(state, 'npm', installed), { packageManager: 'npm', installedManagers: installed });
  t.false(serializeTerminal(setPackageManagers(state, 'npm', installed)).includes('installedManagers'), "the server's list is not kept in the browser");
  t.is(setTaskStatus(withTasks([task(TaskStatus.Waiting, { uuid: 'w' })], { show: true }), 'w', TaskStatus.Unknown).taskList[0]!.status, TaskStatus.Unknown);
});

test('the stream URL carries the task and a ticket, under a renamed admin entry too', (t) => {
  const task = { command: 'web-build.npm', uuid: 'ab12', extend: 'module-install:x y' };
  t.is(terminalStreamUrl('/admin', task, 'tk', 'en'), '/admin/ajax/terminal?server=1&command=web-build.npm&uuid=ab12&extend=module-install%3Ax%20y&ticket=tk&lang=en');
  t.is(terminalStreamUrl('/manage', task, 'tk', 'zh-cn').split('?')[0], '/manage.php/ajax/terminal');
});

test("a task's callback learns each end, Success or Failed (an unknown end counts as failed), once per run", (t) => {
  const running = task(TaskStatus.Executing);
  const connecting = task(TaskStatus.Connecting);
  const waiting = task(TaskStatus.Waiting);
  const done = task(TaskStatus.Success);
  let state = withTasks([running, connecting, waiting, done]);
  t.deepEqual(endedTasks(null, state), [], 'tasks already ended when the page loads report nothing');
  let next = applyStreamEvent(state, running.uuid, STREAM_MARKERS.execSuccess);
  next = applyStreamEvent(next, connecting.uuid, { error: true });
  t.deepEqual(endedTasks(state, next), [
    { uuid: running.uuid, end: TaskStatus.Success },
    { uuid: connecting.uuid, end: TaskStatus.Failed },
  ]);
  t.deepEqual(endedTasks(next, applyStreamEvent(next, running.uuid, STREAM_MARKERS.completed)), [], 'the completed marker after success ends nothing new');
  state = setTaskStatus(next, waiting.uuid, TaskStatus.Executing);
  t.deepEqual(endedTasks(state, setTaskStatus(state, waiting.uuid, TaskStatus.Unknown)), [{ uuid: waiting.uuid, end: TaskStatus.Failed }]);
  // A retried task ends again, and says so again.
  const retried = startNext(retryTask(next, connecting.uuid)).state;
  t.deepEqual(endedTasks(retried, applyStreamEvent(retried, connecting.uuid, STREAM_MARKERS.execError)), [{ uuid: connecting.uuid, end: TaskStatus.Failed }]);
});
