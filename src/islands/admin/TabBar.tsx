import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type WheelEvent } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { tabHref, type Tab } from './tabs.ts';

/** What a tab's menu offers, in its order. */
const COMMANDS = [
  { command: 'refresh', icon: 'bi-arrow-clockwise' },
  { command: 'close', icon: 'bi-x-lg' },
  { command: 'closeOthers', icon: 'bi-x-square' },
  { command: 'closeAll', icon: 'bi-x-octagon' },
  { command: 'moveLeft', icon: 'bi-arrow-left' },
  { command: 'moveRight', icon: 'bi-arrow-right' },
] as const;
export type TabCommand = (typeof COMMANDS)[number]['command'];

export interface TabBarProps {
  tabs: readonly Tab[];
  /** The tab whose page is showing. */
  activePath: string | null;
  titleOf(tab: Tab): string;
  onSelect(tab: Tab, event: MouseEvent<HTMLAnchorElement>): void;
  onCommand(tab: Tab, command: TabCommand): void;
}

interface MenuAt {
  tab: Tab;
  x: number;
  y: number;
}

/** The commands of one tab in a menu at the pointer (right click) or under the tab (Shift+F10, menu key). */
function TabMenu({ at, onCommand, onClose }: { at: MenuAt; onCommand(command: TabCommand): void; onClose(refocus: boolean): void }) {
  const { t } = useTranslation('admin');
  const ref = useRef<HTMLUListElement>(null);
  const items = () => [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  // The latest close callback, read when it fires: a parent re-rendering must not move the focus back.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  // Before the frame is painted: a key pressed right after opening reaches the menu, not the tab.
  useLayoutEffect(() => {
    items()[0]?.focus();
    const away = (e: Event) => {
      if (!(e.target instanceof Node) || !ref.current?.contains(e.target)) close.current(false);
    };
    document.addEventListener('mousedown', away);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('mousedown', away);
      window.removeEventListener('resize', away);
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>): void {
    const list = items();
    const at = list.findIndex((b) => b === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose(true);
    }
  }

  // Kept inside the viewport: a right click near the right or bottom edge opens the menu towards the middle.
  const style = { position: 'fixed' as const, left: Math.max(4, Math.min(at.x, window.innerWidth - 200)), top: Math.max(4, Math.min(at.y, window.innerHeight - 260)), zIndex: 1070 };
  return (
    <ul ref={ref} className="dropdown-menu show shadow admin-tab-menu" role="menu" aria-label={t('tabs.menu')} style={style} onKeyDown={onKeyDown} data-tab-menu="">
      {COMMANDS.map(({ command, icon }) => (
        <li key={command} role="none">
          <button type="button" role="menuitem" className="dropdown-item" onClick={() => onCommand(command)} data-command={command}>
            <i className={`bi ${icon} me-2`} aria-hidden="true" />
            {t(`tabs.${command}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The open pages as tabs: click to show, the cross to close, right click (or Shift+F10 / the menu key on a
 * focused tab) for refresh, close, close others, close all and move; the last button offers the same for the
 * page that shows.
 */
export function TabBar({ tabs, activePath, titleOf, onSelect, onCommand }: TabBarProps) {
  const { t } = useTranslation('admin');
  const [menu, setMenu] = useState<MenuAt | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const active = tabs.find((tab) => tab.path === activePath) ?? null;

  // The strip alone scrolls to the current tab: scrollIntoView would also scroll the page under the header.
  useEffect(() => {
    const strip = listRef.current?.parentElement;
    const tab = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement;
    if (!strip || !tab) return;
    const box = tab.getBoundingClientRect();
    const left = box.left - strip.getBoundingClientRect().left + strip.scrollLeft;
    if (left < strip.scrollLeft) strip.scrollLeft = left;
    else if (left + box.width > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = left + box.width - strip.clientWidth;
  }, [activePath, tabs.length]);

  // A mouse wheel turns vertically: over the strip it scrolls the tabs sideways.
  function onWheel(event: WheelEvent<HTMLElement>): void {
    const strip = event.currentTarget;
    if (event.deltaX !== 0 || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft += event.deltaY;
  }

  const focusTab = (path: string) => listRef.current?.querySelector<HTMLAnchorElement>(`a[data-tab="${CSS.escape(path)}"]`)?.focus();

  function openMenuFor(tab: Tab, target: HTMLElement): void {
    const box = target.getBoundingClientRect();
    setMenu({ tab, x: box.left, y: box.bottom + 2 });
  }

  return (
    <div className="admin-tabs">
      <nav className="admin-tabs-scroll" aria-label={t('tabs.label')} onWheel={onWheel}>
        <ul ref={listRef} className="admin-tab-list">
          {tabs.map((tab) => {
            const title = titleOf(tab);
            const current = tab.path === activePath;
            return (
              <li key={tab.path} className={`admin-tab${current ? ' active' : ''}`}>
                <a
                  href={tabHref(tab)}
                  className="admin-tab-link"
                  aria-current={current ? 'page' : undefined}
                  aria-haspopup="menu"
                  data-tab={tab.path}
                  onClick={(e) => onSelect(tab, e)}
                  onContextMenu={(e) => {
                    e.preventDefault();
                    setMenu({ tab, x: e.clientX, y: e.clientY });
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
                      e.preventDefault();
                      openMenuFor(tab, e.currentTarget);
                    }
                  }}
                >
                  {title}
                </a>
                <button type="button" className="admin-tab-close" aria-label={t('tabs.closeTab', { title })} onClick={() => onCommand(tab, 'close')}>
                  <i className="bi bi-x" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      {active && (
        <Dropdown align="end" className="admin-tabs-more">
          <Dropdown.Toggle as="button" type="button" className="admin-icon-button" aria-label={t('tabs.pageActions', { title: titleOf(active) })} data-tab-actions="">
            <i className="bi bi-three-dots-vertical" aria-hidden="true" />
          </Dropdown.Toggle>
          <Dropdown.Menu>
            {COMMANDS.map(({ command, icon }) => (
              <Dropdown.Item as="button" key={command} onClick={() => onCommand(active, command)} data-command={command}>
                <i className={`bi ${icon} me-2`} aria-hidden="true" />
                {t(`tabs.${command}`)}
              </Dropdown.Item>
            ))}
          </Dropdown.Menu>
        </Dropdown>
      )}
      {menu && (
        <TabMenu
          at={menu}
          onCommand={(command) => {
            setMenu(null);
            onCommand(menu.tab, command);
          }}
          onClose={(refocus) => {
            setMenu(null);
            if (refocus) focusTab(menu.tab.path);
          }}
        />
      )}
    </div>
  );
}
