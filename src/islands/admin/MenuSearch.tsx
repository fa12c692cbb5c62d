import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../app/routes.ts';
import { Modal } from './crud/Modal.tsx';
import { findScreens, screenEntries, type PinyinMatcher } from './menuSearch.ts';
import { MenuIcon } from './Menus.tsx';

export interface MenuSearchProps {
  /** The admin's menu: only what their rules open. */
  menu: readonly MenuItem[];
  onOpen(item: MenuItem): void;
  onClose(): void;
}

// pinyin-pro's dictionary is most of its weight: fetched when the search first opens, shared after that.
let pinyinMatcher: Promise<PinyinMatcher> | null = null;
function loadPinyin(): Promise<PinyinMatcher> {
  pinyinMatcher ??= import('pinyin-pro').then(({ match }) => (text: string, query: string) => match(text, query, { precision: 'start', continuous: true, insensitive: true }));
  return pinyinMatcher;
}

/**
 * Finding a screen by typing (issue 28, item 4): a combobox over the admin's menu that matches titles in both
 * languages and pinyin (menuSearch.ts); arrows move through the screens found, Enter opens one in its tab,
 * Escape closes. A click or tap on a screen opens it too.
 */
export default function MenuSearch({ menu, onOpen, onClose }: MenuSearchProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [pinyin, setPinyin] = useState<PinyinMatcher | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const entries = useMemo(() => screenEntries(menu), [menu]);
  const found = useMemo(() => findScreens(entries, query, pinyin), [entries, query, pinyin]);
  const current = Math.min(active, found.length - 1);

  useEffect(() => {
    let live = true;
    // Without the dictionary the search still finds titles by their letters and characters.
    void loadPinyin().then((matcher) => live && setPinyin(() => matcher), () => {});
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current, found]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (found.length > 0) setActive((current + (event.key === 'ArrowDown' ? 1 : found.length - 1)) % found.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = found[current];
      if (entry) onOpen(entry.item);
    }
  }

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <Modal title={t('menuSearch.title')} onClose={onClose} initialFocus="input[role=combobox]">
      <div data-menu-search="">
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          {t('menuSearch.label')}
        </label>
        <input
          id={`${id}-input`}
          type="text"
          className="form-control"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('menuSearch.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <p className="form-text mb-2" id={`${id}-hint`}>
          {t('menuSearch.hint')}
        </p>
        <ul className="admin-menu-search list-unstyled mb-0" role="listbox" id={listId} ref={listRef} aria-label={t('menuSearch.results')} hidden={found.length === 0}>
          {found.map((entry, index) => (
            <li
              key={entry.item.node.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={index === current ? 'active' : undefined}
              data-menu-search-option={entry.item.node.name}
              onMouseMove={() => index !== current && setActive(index)}
              onClick={() => onOpen(entry.item)}
            >
              <MenuIcon name={entry.item.node.icon} />
              <span className="admin-menu-search-title">
                {entry.title}
                {entry.otherTitle && <span className="admin-menu-search-other">{entry.otherTitle}</span>}
              </span>
              {entry.folders.length > 0 && <span className="admin-menu-search-folders">{entry.folders.join(' › ')}</span>}
            </li>
          ))}
        </ul>
        {found.length === 0 && (
          <p className="admin-empty mb-0" data-menu-search-empty="">
            {t('menuSearch.empty', { query: query.trim() })}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {t('menuSearch.count', { count: found.length })}
        </p>
      </div>
    </Modal>
  );
}
