import { useTranslation } from 'react-i18next';
import { findAdminResource, resourceRevision } from './resourceStore.ts';
import type { ScreenProps } from '../context.ts';
import { CrudPage } from './CrudPage.tsx';

/** The generic screen of a resource menu: its definition is named by the menu rule's view path. */
export default function CrudScreen({ route, screen }: ScreenProps) {
  const { t } = useTranslation('crud-ui');
  const def = findAdminResource(screen);
  if (!def) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('unknownResource', { name: route.component })}
      </div>
    );
  }
  // A key per resource (two menus on the same screen code never share list state) and per revision of its
  // definition (a regenerated resource starts over with its new columns).
  return <CrudPage key={`${def.name}#${resourceRevision(def.name)}`} def={def} />;
}
