import { useTranslation } from 'react-i18next';
import { findResource } from '../../../resources/index.ts';
import type { ScreenProps } from '../context.ts';
import { CrudPage } from './CrudPage.tsx';

/** The generic screen of a resource menu: its definition is named by the menu rule's view path. */
export default function CrudScreen({ route, screen }: ScreenProps) {
  const { t } = useTranslation('crud-ui');
  const def = findResource(screen);
  if (!def) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('unknownResource', { name: route.component })}
      </div>
    );
  }
  // A key per resource: two menus on the same screen code never share list state.
  return <CrudPage key={def.name} def={def} />;
}
