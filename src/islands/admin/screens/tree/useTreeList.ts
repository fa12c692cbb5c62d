import { useCallback, useEffect, useRef, useState } from 'react';
import { reportFailure } from '../../../../shared/request/client.ts';
import { useAdmin } from '../../context.ts';
import type { TreeItem } from './treeModel.ts';

/** `data` of a tree index (reference 3.2, 3.3): no pagination; role groups add the caller's own group ids. */
export interface TreeAnswer<T> {
  list: T[];
  remark?: string;
  group?: number[];
}

export interface TreeList<T> {
  nodes: T[];
  remark: string;
  /** The caller's own groups (role group index only). */
  own: number[];
  loading: boolean;
  error: string | null;
  quickSearch: string;
  setQuickSearch(text: string): void;
  /** Loads the tree again (after a write); resolves when it is in. */
  reload(): Promise<void>;
}

/** The whole tree of an index URL, searched by title words; an answer overtaken by a newer request is dropped. */
export function useTreeList<T extends TreeItem>(url: string): TreeList<T> {
  const { request } = useAdmin();
  const [nodes, setNodes] = useState<T[]>([]);
  const [remark, setRemark] = useState('');
  const [own, setOwn] = useState<number[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [quickSearch, setQuickSearch] = useState('');
  const sequence = useRef(0);

  const load = useCallback(async () => {
    const mine = ++sequence.current;
    setLoading(true);
    try {
      const answer = await request<TreeAnswer<T>>(url, { params: quickSearch ? { quickSearch } : {} });
      if (mine !== sequence.current) return;
      setNodes(Array.isArray(answer.data.list) ? answer.data.list : []);
      setRemark(answer.data.remark ?? '');
      setOwn(answer.data.group ?? []);
      setError(null);
    } catch (err) {
      if (mine === sequence.current) reportFailure(err, setError);
    } finally {
      if (mine === sequence.current) setLoading(false);
    }
  }, [request, url, quickSearch]);

  useEffect(() => {
    void load();
  }, [load]);

  return { nodes, remark, own, loading, error, quickSearch, setQuickSearch, reload: load };
}
