import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { actionUrl } from '../../../resources/naming.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import { reportFailure } from '../../../shared/request/client.ts';
import { useAdmin } from '../context.ts';
import { indexParams, initialQuery, type ListQuery, type Order, type Row, type SearchEntry } from './listModel.ts';

/** `data` of a generic index answer (admin-api 2.1). */
export interface IndexAnswer {
  list: Row[];
  total?: number;
  /** Ours only: `total` is an estimate (a long list counts no further than a limit). */
  totalEstimated?: boolean;
  remark?: string;
}

export interface UseCrudListOptions {
  /** Extra index parameters of a special screen (e.g. a fixed `search` of its own is merged in front). */
  params?: Record<string, unknown>;
  /** The index URL, when a screen lists from another action than `<resource>/index`. */
  url?: string;
  limit?: number;
}

export interface CrudList {
  rows: Row[];
  total: number;
  /** Whether `total` is an estimate, to be shown as "about N". */
  totalEstimated: boolean;
  remark: string;
  loading: boolean;
  /** The message of the last failed load; null after a successful one. */
  error: string | null;
  query: ListQuery;
  /** The parameters of the current index request (an export sends the same filters, order and search). */
  params: Record<string, unknown>;
  setPage(page: number): void;
  setLimit(limit: number): void;
  setOrder(order: Order | null): void;
  setQuickSearch(text: string): void;
  setSearch(entries: SearchEntry[]): void;
  /** Loads the current page again (after a write); resolves when it is in. */
  reload(): Promise<void>;
}

/**
 * The list state of a resource screen and its index request: paging, order, quick and common search. A
 * change of search or page size goes back to page 1; an answer that arrives after a newer request is
 * dropped.
 */
export function useCrudList(def: ResourceDef, options: UseCrudListOptions = {}): CrudList {
  const { request } = useAdmin();
  const [query, setQuery] = useState<ListQuery>(() => initialQuery(options.limit));
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [totalEstimated, setTotalEstimated] = useState(false);
  const [remark, setRemark] = useState('');
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const sequence = useRef(0);
  const url = options.url ?? actionUrl(def, 'index');
  const extraKey = JSON.stringify(options.params ?? {});

  const params = useMemo(() => {
    const extra = JSON.parse(extraKey) as Record<string, unknown>;
    const merged = { ...extra, ...indexParams(query) };
    if (Array.isArray(extra.search) && query.search.length) merged.search = [...(extra.search as SearchEntry[]), ...query.search];
    return merged;
  }, [query, extraKey]);

  const load = useCallback(async () => {
    const mine = ++sequence.current;
    setLoading(true);
    try {
      const answer = await request<IndexAnswer>(url, { params });
      if (mine !== sequence.current) return;
      const list = Array.isArray(answer.data.list) ? answer.data.list : [];
      setRows(list);
      setTotal(Number(answer.data.total ?? list.length));
      setTotalEstimated(answer.data.totalEstimated === true);
      setRemark(answer.data.remark ?? '');
      setError(null);
    } catch (err) {
      if (mine === sequence.current) reportFailure(err, setError);
    } finally {
      if (mine === sequence.current) setLoading(false);
    }
  }, [request, url, params]);

  useEffect(() => {
    void load();
  }, [load]);

  // Deleting the last rows of the last page would leave an empty page behind: step back to the new last one.
  useEffect(() => {
    if (!loading && !error && rows.length === 0 && query.page > 1 && total > 0) {
      setQuery((q) => ({ ...q, page: Math.max(1, Math.ceil(total / q.limit)) }));
    }
  }, [loading, error, rows.length, query.page, total]);

  return useMemo(
    () => ({
      rows,
      total,
      totalEstimated,
      remark,
      loading,
      error,
      query,
      params,
      setPage: (page) => setQuery((q) => ({ ...q, page })),
      setLimit: (limit) => setQuery((q) => ({ ...q, limit, page: 1 })),
      setOrder: (order) => setQuery((q) => ({ ...q, order })),
      setQuickSearch: (text) => setQuery((q) => (q.quickSearch === text ? q : { ...q, quickSearch: text, page: 1 })),
      setSearch: (search) => setQuery((q) => ({ ...q, search, page: 1 })),
      reload: load,
    }),
    [rows, total, totalEstimated, remark, loading, error, query, params, load],
  );
}
