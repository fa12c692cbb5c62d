import { useTranslation } from 'react-i18next';
import adminRule from '../../../resources/auth/rule.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import userRule from '../../../resources/user/rule.ts';
import { useAdmin, type ScreenProps } from '../context.ts';
import { MenuIcon } from '../Menus.tsx';
import { LocalTextView } from '../../app/LocalTextView.tsx';
import { ruleTitle, type RuleNode } from './tree/ruleTitle.ts';
import { ResourceTree } from './tree/ResourceTree.tsx';

/** The two rule trees this screen serves, by menu component: the admin's menus and the member centre's. */
const TREES: Record<string, ResourceDef> = {
  'auth/rule': adminRule,
  'user/rule': userRule,
};

/** The menu type matters in a menu tree: shown unless the admin hid it. */
const MENU_TYPE_SHOWN = { menu_type: true };

function RuleScreen({ def }: { def: ResourceDef }) {
  const { reload: reloadShell, lang } = useAdmin();
  const title = (node: RuleNode) => ruleTitle(node, lang);
  return (
    <ResourceTree<RuleNode>
      def={def}
      treeColumn="title"
      titleOf={(node) => title(node).text}
      renderTitle={(node) => (
        <span className="crud-text" title={node.title}>
          {node.type !== 'button' && <MenuIcon name={node.icon} className="me-1" />}
          <LocalTextView value={title(node)} />
        </span>
      )}
      // A button has no menu entry: its menu type means nothing.
      cellFor={(field, node) => (field.name === 'menu_type' && node.type === 'button' ? { kind: 'empty' } : null)}
      columnDefaults={MENU_TYPE_SHOWN}
      unfold="search"
      // The admin's menus are built from these rules: after a change the shell fetches them again.
      onWritten={def === adminRule ? reloadShell : undefined}
    />
  );
}

/** auth/rule and user/rule: a menu rule tree with its form, sorting among siblings, and deletes child-first. */
export default function Rules({ route, screen }: ScreenProps) {
  const { t } = useTranslation('crud-ui');
  const tree = TREES[screen];
  if (!tree) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('unknownResource', { name: route.component })}
      </div>
    );
  }
  return <RuleScreen key={tree.name} def={tree} />;
}
