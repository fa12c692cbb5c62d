import type { MenuNode } from '../../shared/account.ts';
import type { HeadNavItem } from '../../shared/site.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import { localizedText } from '../../shared/localized.ts';
import type { RuleRow } from './accounts.ts';

const NODE_FIELDS = ['id', 'pid', 'type', 'title', 'title_en', 'name', 'path', 'icon', 'menu_type', 'url', 'component', 'extend'] as const;

function toNode(rule: RuleRow, lang: Lang): MenuNode {
  const node = Object.fromEntries(NODE_FIELDS.map((f) => [f, rule[f]])) as unknown as MenuNode;
  // `title` in the reader's language, as clients (BuildAdmin's too) show it; `title_en` as stored tells ours
  // when an English reader got the Chinese title.
  node.title = localizedText(rule, 'title', lang).text;
  // And the stored (Chinese) title, so the admin's screen search finds a screen by either name in either language.
  node.title_zh = rule.title;
  // The admin client keys keep-alive caching by route name (reference 1.4).
  if (rule.keepalive !== undefined) node.keepalive = rule.keepalive ? rule.name : 0;
  // Member rules carry their guest flag (reference member 3.8: every column but remark, status, weigh, times).
  if (rule.no_login_valid !== undefined) node.no_login_valid = Number(rule.no_login_valid);
  return node;
}

/**
 * Nests rules under their parents, highest weigh first then id, titled for `lang`. Rules whose parent is
 * not in the list are dropped, so a granted button under a withheld menu never surfaces.
 */
export function buildTree(rules: RuleRow[], lang: Lang): MenuNode[] {
  const sorted = [...rules].sort((a, b) => b.weigh - a.weigh || a.id - b.id);
  const byParent = new Map<number, RuleRow[]>();
  for (const r of sorted) byParent.set(r.pid, [...(byParent.get(r.pid) ?? []), r]);
  const build = (pid: number): MenuNode[] =>
    (byParent.get(pid) ?? []).map((r) => {
      const node = toNode(r, lang);
      const children = build(r.id);
      if (children.length) node.children = children;
      return node;
    });
  return build(0);
}

/**
 * The top bar's entries (`headNav`) from a member rule tree, as BuildAdmin's client derives them: `nav`
 * rules (and `nav` children of theirs), without route-only ones, tabs without a view or links without a url.
 */
export function headNavOf(rules: readonly MenuNode[]): HeadNavItem[] {
  return rules.flatMap((rule): HeadNavItem[] => {
    if (rule.type !== 'nav' || rule.extend === 'add_rules_only') return [];
    const link = rule.menu_type === 'link' || rule.menu_type === 'iframe';
    if (link ? !rule.url : !rule.component) return [];
    return [
      {
        path: link ? rule.url : `/${rule.path}`,
        name: rule.name,
        component: rule.component,
        meta: { id: rule.id, title: rule.title, icon: rule.icon, keepalive: rule.keepalive, menu_type: rule.menu_type, type: rule.type },
        children: headNavOf(rule.children ?? []),
      },
    ];
  });
}
