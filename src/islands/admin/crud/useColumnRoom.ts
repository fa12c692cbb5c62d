import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';

/** The room the main text column asks for, in rem: a title this long reads whole; a longer one is cut, whole in its tooltip. */
const MAIN_ROOM_REM = 20;
/** Room to spare before a column that gave way comes back, so that it does not come and go (px). */
const SLACK = 16;

/**
 * The columns of `order` (roomOrder: the first to go first) that the list's table in `page` gives up for
 * room: as many as it takes for the table to fit its box and for its main column to show its longest text
 * whole, up to MAIN_ROOM_REM. Measured after every render and whenever the box is resized; a column comes
 * back once the main column keeps that room with it (its width is remembered from when it showed), and not
 * again at a box width where coming back failed.
 */
export function useColumnRoom(page: RefObject<HTMLElement | null>, order: readonly string[]): ReadonlySet<string> {
  const [given, setGiven] = useState(0);
  const widths = useRef(new Map<string, number>());
  /** The box width at which a column came back and had to go again. */
  const stuck = useRef<{ returnedAt: number | null; blockedAt: number | null }>({ returnedAt: null, blockedAt: null });
  const count = Math.min(given, order.length);

  const measure = () => {
    const table = page.current?.querySelector<HTMLTableElement>('table[data-crud-table]');
    const box = table?.parentElement;
    if (!table || !box || box.clientWidth === 0) return;
    for (const th of table.querySelectorAll<HTMLElement>('thead th[data-column]')) widths.current.set(th.dataset.column!, th.getBoundingClientRect().width);
    const mains = [...table.querySelectorAll<HTMLElement>('td.crud-main')];
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const room = mains[0]?.getBoundingClientRect().width ?? Infinity;
    const padding = mains[0] ? parseFloat(getComputedStyle(mains[0]).paddingLeft) + parseFloat(getComputedStyle(mains[0]).paddingRight) : 0;
    const longest = Math.max(0, ...mains.map((td) => td.querySelector('.crud-text')?.scrollWidth ?? 0));
    const wanted = Math.min(MAIN_ROOM_REM * rem, longest + padding);
    const overflow = table.getBoundingClientRect().width > box.clientWidth + 1;
    const short = room + 0.5 < wanted;
    const width = box.clientWidth;
    const next = (() => {
      if ((overflow || short) && count < order.length) {
        if (stuck.current.returnedAt === width) stuck.current.blockedAt = width;
        return count + 1;
      }
      const back = count > 0 ? widths.current.get(order[count - 1]!) : undefined;
      if (!overflow && !short && back !== undefined && room - back >= wanted + SLACK && (stuck.current.blockedAt === null || width > stuck.current.blockedAt)) {
        stuck.current.returnedAt = width;
        return count - 1;
      }
      return count;
    })();
    if (next !== given) setGiven(next);
  };
  const latest = useRef(measure);
  latest.current = measure;

  useLayoutEffect(() => latest.current());
  useEffect(() => {
    const box = page.current?.querySelector('table[data-crud-table]')?.parentElement;
    if (!box) return;
    const observer = new ResizeObserver(() => latest.current());
    observer.observe(box);
    return () => observer.disconnect();
  }, [page]);

  return useMemo(() => new Set(order.slice(0, count)), [order, count]);
}
