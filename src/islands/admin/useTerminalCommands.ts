import { useCallback, useEffect, useState } from 'react';
import type { TerminalCommandInfo, TerminalSettings } from '../../shared/constants/terminal.ts';
import { browserRequest } from '../lib/request.ts';

export interface TerminalCommands {
  /** The server's command table; null until it has answered. */
  commands: TerminalCommandInfo[] | null;
  /** False where the server runs no commands (a single executable). */
  available: boolean;
  /** The last request failed: the menu and the package manager dialogs say so and offer `reload`. */
  failed: boolean;
  reload(): void;
}

/**
 * The command menu's request, asked each time the terminal opens. It also brings the server's settings and
 * installed package managers, so the panel's menu and its settings dialogs read one answer and one failure.
 */
export function useTerminalCommands(open: boolean, onSettings: (settings: TerminalSettings) => void): TerminalCommands {
  const [commands, setCommands] = useState<TerminalCommandInfo[] | null>(null);
  const [available, setAvailable] = useState(true);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      const { data } = await browserRequest()<{ list: TerminalCommandInfo[]; available: boolean; settings: TerminalSettings }>('/admin/ajax/terminalCommands');
      setCommands(data.list);
      setAvailable(data.available);
      onSettings(data.settings);
    } catch {
      setFailed(true);
    }
  }, [onSettings]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  return { commands, available, failed, reload: () => void load() };
}
