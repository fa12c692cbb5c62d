import type { RuleListRow } from '../../../../shared/account.ts';
import type { LocalText } from '../../../../shared/content.ts';
import type { Lang } from '../../../../shared/i18n/langs.ts';
import { localizedText } from '../../../../shared/localized.ts';
import type { TreeItem } from './treeModel.ts';

/** A node of the admin or member rule tree (GET auth.Rule/index, user.Rule/index). */
export interface RuleNode extends TreeItem, RuleListRow {
  [column: string]: unknown;
}

/** A rule's title in the page language: its English title, or the Chinese marked as a fallback. */
export function ruleTitle(node: Pick<RuleNode, 'title' | 'title_en'>, lang: Lang): LocalText {
  return localizedText(node, 'title', lang);
}
