import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../shared/account.ts';
import { menuIconClass } from '../../shared/icons.ts';
import { LocalTextView } from '../app/LocalTextView.tsx';
import type { MenuItem } from '../app/routes.ts';

/** A menu's title as plain text (tooltips, tabs, the document title): the server sends it in the page language. */
export function menuTitle(node: MenuNode): string {
  return node.title;
}

/** A menu's title where it is read: an English page shows a rule without an English title in Chinese, marked. */
function MenuLabel({ node }: { node: MenuNode }) {
  const { i18n } = useTranslation();
  return <LocalTextView value={{ text: node.title, fallback: i18n.language === 'en' && !node.title_en && node.title !== '' }} />;
}

/** A rule's icon as BuildAdmin names it (`fa fa-group`, `el-icon-Grid`), drawn through src/shared/icons.ts. */
export function MenuIcon({ name, className = '' }: { name: string; className?: string }) {
  return <i className={`${menuIconClass(name)} admin-menu-icon ${className}`} aria-hidden="true" />;
}

/** What every menu needs from the shell. */
export interface MenuProps {
  items: MenuItem[];
  /** The menu item whose page is showing. */
  active: MenuItem | null;
  /** A click on a page entry (tab or iframe): the shell navigates. */
  onOpen(item: MenuItem, event: MouseEvent<HTMLElement>): void;
}

/** A plain click the app should take over (not a new tab or window, not a download). */
export function isPlainClick(event: MouseEvent<HTMLElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function contains(item: MenuItem, target: MenuItem | null): boolean {
  return target !== null && (item === target || item.children.some((c) => contains(c, target)));
}

/** `tooltip`: the title also shows on hover, for menus that may show icons only. */
function EntryLink({ item, active, onOpen, tooltip = false }: { item: MenuItem; active: boolean; onOpen: MenuProps['onOpen']; tooltip?: boolean }) {
  const { t } = useTranslation('admin');
  const title = menuTitle(item.node);
  if (item.kind === 'link') {
    return (
      <a className="admin-menu-link" href={item.href} target="_blank" rel="noopener noreferrer" title={tooltip ? title : undefined}>
        <MenuIcon name={item.node.icon} />
        <span className="admin-menu-text">
          <MenuLabel node={item.node} />
        </span>
        <i className="bi bi-box-arrow-up-right admin-menu-extra" aria-hidden="true" />
        <span className="visually-hidden"> ({t('shell.newWindow')})</span>
      </a>
    );
  }
  return (
    <a
      className={`admin-menu-link${active ? ' active' : ''}`}
      href={item.href}
      aria-current={active ? 'page' : undefined}
      title={tooltip ? title : undefined}
      onClick={(e) => onOpen(item, e)}
      data-menu={item.node.name}
    >
      <MenuIcon name={item.node.icon} />
      <span className="admin-menu-text">
        <MenuLabel node={item.node} />
      </span>
    </a>
  );
}

/** The entries of a group in a dropdown: pages as items, nested groups as headed sections. */
function DropdownEntries({ items, active, onOpen }: MenuProps) {
  const { t } = useTranslation('admin');
  return (
    <>
      {items.map((item) => {
        if (item.kind === 'group') {
          return (
            <div key={item.node.id}>
              <Dropdown.Header>
                <MenuLabel node={item.node} />
              </Dropdown.Header>
              <DropdownEntries items={item.children} active={active} onOpen={onOpen} />
            </div>
          );
        }
        if (item.kind === 'link') {
          return (
            <Dropdown.Item key={item.node.id} href={item.href} target="_blank" rel="noopener noreferrer">
              <MenuIcon name={item.node.icon} className="me-2" />
              <MenuLabel node={item.node} />
              <span className="visually-hidden"> ({t('shell.newWindow')})</span>
            </Dropdown.Item>
          );
        }
        return (
          <Dropdown.Item
            key={item.node.id}
            href={item.href}
            active={item === active}
            aria-current={item === active ? 'page' : undefined}
            onClick={(e: MouseEvent<HTMLElement>) => onOpen(item, e)}
            data-menu={item.node.name}
          >
            <MenuIcon name={item.node.icon} className="me-2" />
            <MenuLabel node={item.node} />
          </Dropdown.Item>
        );
      })}
    </>
  );
}

function Group({ item, active, onOpen, open, onToggle }: { item: MenuItem; active: MenuItem | null; onOpen: MenuProps['onOpen']; open: boolean; onToggle(): void }) {
  const id = useId();
  return (
    <li>
      <button type="button" className={`admin-menu-link admin-menu-group${contains(item, active) ? ' has-active' : ''}`} aria-expanded={open} aria-controls={id} onClick={onToggle}>
        <MenuIcon name={item.node.icon} />
        <span className="admin-menu-text">
          <MenuLabel node={item.node} />
        </span>
        <i className={`bi bi-chevron-down admin-menu-extra admin-menu-chevron${open ? ' open' : ''}`} aria-hidden="true" />
      </button>
      <ul id={id} className="admin-menu admin-submenu" hidden={!open}>
        <Entries items={item.children} active={active} onOpen={onOpen} />
      </ul>
    </li>
  );
}

function Entries({ items, active, onOpen }: MenuProps) {
  // Folders follow the page that shows (open around it) unless the admin opened or closed them by hand.
  const [chosen, setChosen] = useState<ReadonlyMap<number, boolean>>(new Map());
  useEffect(() => {
    setChosen((prev) => {
      const next = new Map([...prev].filter(([id]) => !items.some((item) => item.node.id === id && contains(item, active))));
      return next.size === prev.size ? prev : next;
    });
  }, [items, active]);
  const isOpen = (item: MenuItem) => chosen.get(item.node.id) ?? contains(item, active);
  const toggle = (item: MenuItem) => setChosen((prev) => new Map(prev).set(item.node.id, !isOpen(item)));
  return (
    <>
      {items.map((item) =>
        item.kind === 'group' ? (
          <Group key={item.node.id} item={item} active={active} onOpen={onOpen} open={isOpen(item)} onToggle={() => toggle(item)} />
        ) : (
          <li key={item.node.id}>
            <EntryLink item={item} active={item === active} onOpen={onOpen} />
          </li>
        ),
      )}
    </>
  );
}

/** The vertical menu of the side column and the phone drawer: folders open and close in place. */
export function SideMenu(props: MenuProps) {
  return (
    <ul className="admin-menu">
      <Entries {...props} />
    </ul>
  );
}

/** The 64 px side menu: icons only; a folder opens its pages in a menu beside it. */
export function CollapsedMenu({ items, active, onOpen }: MenuProps) {
  return (
    <ul className="admin-menu admin-menu-collapsed">
      {items.map((item) => {
        const title = menuTitle(item.node);
        return (
          <li key={item.node.id}>
            {item.kind === 'group' ? (
              <Dropdown drop="end">
                <Dropdown.Toggle as="button" type="button" className={`admin-menu-link${contains(item, active) ? ' has-active' : ''}`} title={title} aria-label={title}>
                  <MenuIcon name={item.node.icon} />
                </Dropdown.Toggle>
                <Dropdown.Menu className="admin-menu-popup">
                  <Dropdown.Header>
                    <MenuLabel node={item.node} />
                  </Dropdown.Header>
                  <DropdownEntries items={item.children} active={active} onOpen={onOpen} />
                </Dropdown.Menu>
              </Dropdown>
            ) : (
              <EntryLink item={item} active={item === active} onOpen={onOpen} tooltip />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** What a top-menu entry shows, without its behaviour: the ruler measures these. */
function TopEntryFace({ item }: { item: MenuItem }) {
  return (
    <span className={`admin-menu-link${item.kind === 'group' ? ' dropdown-toggle' : ''}`}>
      <MenuIcon name={item.node.icon} />
      <span className="admin-menu-text">
        <MenuLabel node={item.node} />
      </span>
      {item.kind === 'link' && <i className="bi bi-box-arrow-up-right admin-menu-extra" aria-hidden="true" />}
    </span>
  );
}

/**
 * How many entries fit in `available` pixels, given each entry's width, the gap between them and the width
 * of the "More" menu that takes the rest (only needed when some do not fit).
 */
export function entriesThatFit(widths: readonly number[], gap: number, more: number, available: number): number {
  const span = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w, 0) + gap * Math.max(0, n - 1);
  if (span(widths.length) <= available) return widths.length;
  let n = widths.length - 1;
  while (n > 0 && span(n) + gap + more > available) n--;
  return n;
}

/**
 * Streamline's menu across the header: pages as links, folders as drop-down menus (icons only when narrow).
 * What does not fit goes into a "More" menu at the end, so the menu never runs under the header's tools: a
 * hidden ruler holds every entry at its natural width, and the menu is re-measured whenever its room changes.
 */
export function TopMenu({ items, active, onOpen }: MenuProps) {
  const { t, i18n } = useTranslation('admin');
  const ruler = useRef<HTMLUListElement>(null);
  const [fit, setFit] = useState(items.length);
  const title = (item: MenuItem) => menuTitle(item.node);

  useLayoutEffect(() => {
    const list = ruler.current;
    const room = list?.parentElement;
    if (!list || !room) return;
    const measure = () => {
      const widths = [...list.children].map((li) => li.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      setFit(entriesThatFit(widths, parseFloat(getComputedStyle(list).columnGap) || 0, more, room.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(room);
    observer.observe(list);
    return () => observer.disconnect();
  }, [items, i18n.language]);

  const shown = items.slice(0, fit);
  const rest = items.slice(fit);
  return (
    <>
      <ul className="admin-topmenu">
        {shown.map((item) => (
          <li key={item.node.id}>
            {item.kind === 'group' ? (
              <Dropdown>
                <Dropdown.Toggle as="button" type="button" className={`admin-menu-link${contains(item, active) ? ' has-active' : ''}`} title={title(item)}>
                  <MenuIcon name={item.node.icon} />
                  <span className="admin-menu-text">
                    <MenuLabel node={item.node} />
                  </span>
                </Dropdown.Toggle>
                <Dropdown.Menu className="admin-menu-popup">
                  <DropdownEntries items={item.children} active={active} onOpen={onOpen} />
                </Dropdown.Menu>
              </Dropdown>
            ) : (
              <EntryLink item={item} active={item === active} onOpen={onOpen} tooltip />
            )}
          </li>
        ))}
        {rest.length > 0 && (
          <li>
            <Dropdown align="end">
              <Dropdown.Toggle as="button" type="button" className={`admin-menu-link${rest.some((item) => contains(item, active)) ? ' has-active' : ''}`} title={t('shell.more')} data-more-menu="">
                <i className="bi bi-three-dots admin-menu-icon" aria-hidden="true" />
                <span className="admin-menu-text">{t('shell.more')}</span>
              </Dropdown.Toggle>
              <Dropdown.Menu className="admin-menu-popup">
                <DropdownEntries items={rest} active={active} onOpen={onOpen} />
              </Dropdown.Menu>
            </Dropdown>
          </li>
        )}
      </ul>
      <ul className="admin-topmenu admin-topmenu-ruler" ref={ruler} aria-hidden="true" inert>
        {items.map((item) => (
          <li key={item.node.id}>
            <TopEntryFace item={item} />
          </li>
        ))}
        <li>
          <span className="admin-menu-link dropdown-toggle">
            <i className="bi bi-three-dots admin-menu-icon" aria-hidden="true" />
            <span className="admin-menu-text">{t('shell.more')}</span>
          </span>
        </li>
      </ul>
    </>
  );
}
