import { useCallback, useEffect, useRef } from 'react';
import { STREAM_MARKERS, TaskStatus, type TerminalEvent } from '../../shared/constants/terminal.ts';
import { browserRequest } from '../lib/request.ts';
import { applyStreamEvent, endedTasks, setTaskStatus, startNext, terminalStreamUrl, type TaskCallback, type TerminalState, type TerminalTask } from './terminal.ts';

/** Applies a change to the terminal state as it is when React gets to it (streams update it all the time). */
export type TerminalUpdate = (change: (state: TerminalState) => TerminalState) => void;

/** Task callbacks by uuid, for this page: functions, so never part of the stored state. */
const callbacks = new Map<string, TaskCallback>();

/** Gives a queued task its callback (spec section 3): told Success or Failed whenever the task ends. */
export function onTaskEnd(uuid: string, callback: TaskCallback): void {
  callbacks.set(uuid, callback);
}

/**
 * Runs the queue of spec section 4 against the server: whenever a task may start (startNext), it becomes
 * Connecting, gets a ticket and opens its event stream; every event goes through applyStreamEvent. A stream
 * is closed by its `completed` marker, by a broken connection (the task fails) or by `cancel`, which the
 * server answers by ending the command's processes.
 */
export function useTerminalRunner(terminal: TerminalState | null, update: TerminalUpdate, adminBase: string, lang: string): { cancel(uuid: string, note: string): void } {
  // uuid → its stream (null while the ticket is on its way); also keeps React's repeated effects from starting a task twice.
  const streams = useRef(new Map<string, EventSource | null>());

  const finish = useCallback((uuid: string) => {
    streams.current.get(uuid)?.close();
    streams.current.delete(uuid);
  }, []);

  const connect = useCallback(
    async (task: TerminalTask) => {
      let ticket: string;
      try {
        ticket = (await browserRequest()<{ ticket: string }>('/admin/ajax/terminalTicket', { method: 'POST', body: {} }, { cancelDuplicate: false })).data.ticket;
      } catch {
        // The request client has said why (offline, logged out...).
        finish(task.uuid);
        update((s) => applyStreamEvent(s, task.uuid, { error: true }));
        return;
      }
      if (!streams.current.has(task.uuid)) return;
      const source = new EventSource(terminalStreamUrl(adminBase, task, ticket, lang));
      streams.current.set(task.uuid, source);
      let done = false;
      source.onmessage = (message: MessageEvent<string>) => {
        let event: TerminalEvent;
        try {
          event = JSON.parse(message.data) as TerminalEvent;
        } catch {
          return;
        }
        update((s) => applyStreamEvent(s, task.uuid, event.data));
        if (event.data === STREAM_MARKERS.completed) {
          done = true;
          finish(task.uuid);
        }
      };
      // Also fired when the server ends the stream; EventSource would then reconnect (and the used ticket fail).
      source.onerror = () => {
        if (done) return;
        finish(task.uuid);
        update((s) => applyStreamEvent(s, task.uuid, { error: true }));
      };
    },
    [adminBase, lang, finish, update],
  );

  useEffect(() => {
    if (!terminal) return;
    const started = startNext(terminal).started;
    if (!started || streams.current.has(started.uuid)) return;
    streams.current.set(started.uuid, null);
    update((s) => setTaskStatus(s, started.uuid, TaskStatus.Connecting));
    void connect(started);
  }, [terminal, update, connect]);

  // Callbacks of the tasks that ended since the last state; those of deleted tasks go.
  const previous = useRef<TerminalState | null>(null);
  useEffect(() => {
    if (!terminal) return;
    const seen = previous.current;
    previous.current = terminal;
    for (const { uuid, end } of endedTasks(seen, terminal)) callbacks.get(uuid)?.(end);
    for (const uuid of callbacks.keys()) if (!terminal.taskList.some((t) => t.uuid === uuid)) callbacks.delete(uuid);
  }, [terminal]);

  useEffect(() => {
    const open = streams.current;
    return () => {
      for (const source of open.values()) source?.close();
      open.clear();
    };
  }, []);

  const cancel = useCallback(
    (uuid: string, note: string) => {
      if (!streams.current.has(uuid)) return;
      finish(uuid);
      update((s) => applyStreamEvent(applyStreamEvent(s, uuid, note), uuid, { error: true }));
    },
    [finish, update],
  );

  return { cancel };
}
