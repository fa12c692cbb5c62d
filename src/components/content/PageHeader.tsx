import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../shared/i18n/links.ts';

interface Crumb {
  label: ReactNode;
  href?: string;
}

interface PageHeaderProps {
  title: ReactNode;
  lead?: ReactNode;
  /** Trail between Home and this page; the page itself is the last crumb, unlinked. */
  crumbs?: Crumb[];
  children?: ReactNode;
}

/** The band at the top of content pages: breadcrumbs, heading and lead. */
export function PageHeader({ title, lead, crumbs = [], children }: PageHeaderProps) {
  const { t } = useTranslation('common');
  const { t: tc } = useTranslation('content');
  const { lang } = usePageContext();
  const trail: Crumb[] = [{ label: t('nav.home'), href: withLang('/', lang) }, ...crumbs];
  return (
    <div className="page-head">
      <div className="container">
        <nav aria-label={tc('breadcrumb.label')}>
          <ol className="breadcrumb small mb-2">
            {trail.map((c, i) => (
              <li key={i} className="breadcrumb-item">
                {c.href ? <a href={c.href}>{c.label}</a> : c.label}
              </li>
            ))}
          </ol>
        </nav>
        <h1>{title}</h1>
        {lead && <p className="lead prose mb-0">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
