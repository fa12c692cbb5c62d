import type { AtRule, Container, Declaration, Root, Rule } from 'postcss';

/**
 * Removes from `sheet` what `present` already states: a stylesheet loaded after another need not repeat its
 * rules. A selector goes when `present` gives it, in the same media and other at-rules, at least every
 * declaration `sheet` gives it; a declaration goes from a rule whose every remaining selector `present` gives
 * it (so `:root` keeps only the custom properties `present` lacks). At-rules left empty go too.
 */
export function subtractRules(sheet: Root, present: Root): void {
  const known = declarationsBySelector(present);
  sheet.walkRules((rule) => {
    const context = contextOf(rule);
    const own = declarationsOf(rule);
    const stated = (selector: string) => known.get(`${context}|${selector}`);
    const kept = rule.selectors.filter((selector) => {
      const there = stated(selector);
      return !there || [...own].some((d) => !there.has(d));
    });
    if (kept.length === 0) {
      rule.remove();
      return;
    }
    rule.selectors = kept;
    const everywhere = kept.map(stated);
    if (everywhere.every((there) => there !== undefined)) {
      rule.each((node) => {
        if (node.type === 'decl' && everywhere.every((there) => there!.has(keyOf(node)))) node.remove();
      });
    }
  });
  const atRules = new Set([...present.nodes].filter((n): n is AtRule => n.type === 'atrule').map((n) => n.toString()));
  sheet.each((node) => {
    if (node.type === 'atrule' && !hasRules(node) && atRules.has(node.toString())) node.remove();
  });
  removeEmpty(sheet);
}

function keyOf(decl: Declaration): string {
  return `${decl.prop}:${decl.value}${decl.important ? '!important' : ''}`;
}

function declarationsOf(rule: Rule): Set<string> {
  const found = new Set<string>();
  rule.each((node) => {
    if (node.type === 'decl') found.add(keyOf(node));
  });
  return found;
}

/** The at-rules around a rule (`@media (min-width:768px)`), outermost first. */
function contextOf(rule: Rule): string {
  const chain: string[] = [];
  for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
    const at = parent as AtRule;
    chain.unshift(`@${at.name} ${at.params}`);
  }
  return chain.join(' ');
}

function declarationsBySelector(root: Root): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  root.walkRules((rule) => {
    const context = contextOf(rule);
    const declarations = declarationsOf(rule);
    for (const selector of rule.selectors) {
      const key = `${context}|${selector}`;
      found.set(key, new Set([...(found.get(key) ?? []), ...declarations]));
    }
  });
  return found;
}

/** An at-rule holding rules (`@media`), as against one holding declarations (`@font-face`) or none. */
function hasRules(node: AtRule): boolean {
  return (node.nodes ?? []).some((child) => child.type === 'rule' || child.type === 'atrule');
}

function removeEmpty(container: Container): void {
  container.each((node) => {
    if (node.type === 'atrule' && node.nodes) {
      removeEmpty(node);
      if (node.nodes.length === 0) node.remove();
    } else if (node.type === 'rule' && node.nodes.length === 0) {
      node.remove();
    }
  });
}
