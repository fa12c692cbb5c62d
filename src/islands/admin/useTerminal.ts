import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../../shared/constants/storage.ts';
import { toast } from '../lib/toast.ts';
import { readKey, writeKey } from './store.ts';
import { addTask, initTerminal, newTaskId, serializeTerminal, type TerminalState } from './terminal.ts';
import type { TerminalUpdate } from './terminalRunner.ts';

export interface Terminal {
  /** Null until the admin has loaded (the server names the package manager). */
  state: TerminalState | null;
  /** Restores the queue this browser kept, with the server's package manager as the default. */
  init(packageManager: string): void;
  update: TerminalUpdate;
  /** Queues a command of the server's table (returns the task's id); a queue held up by a failed task says so. */
  add(command: string, blockOnFailure: boolean): string;
}

/** The terminal's queue and switches, kept in localStorage `terminal` on every change. */
export function useTerminal(): Terminal {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<TerminalState | null>(null);

  useEffect(() => {
    if (state) writeKey(STORAGE_KEYS.terminal, serializeTerminal(state));
  }, [state]);

  const init = useCallback((packageManager: string) => setState(initTerminal(readKey(STORAGE_KEYS.terminal), packageManager)), []);
  const update = useCallback<TerminalUpdate>((change) => setState((current) => (current ? change(current) : current)), []);
  const add = (command: string, blockOnFailure: boolean) => {
    // The admin queued it to see what it does: its output shows unfolded, also once it has ended.
    const task = { uuid: newTaskId(), createTime: Date.now(), command, blockOnFailure, showMessage: true };
    if (state && addTask(state, task).blocked) toast('error', t('terminal.blocked'));
    update((current) => addTask(current, task).state);
    return task.uuid;
  };
  return { state, init, update, add };
}
