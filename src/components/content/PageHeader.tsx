import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../shared/i18n/links.ts';
import { Stamped } from '../Stamped.tsx';
import { LabelText, labelShape, labelWith, labelWords, type Label } from './Text.tsx';

interface Crumb {
  label: Label;
  href?: string;
}

/**
 * Where the page sits, from Home. Stamped (Stamped.tsx): one markup per arrangement (which crumbs are links,
 * which names fell back to Chinese) and language, the links and names filled in: every content page has it.
 */
function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation('content');
  const shape = trail.map((c) => `${c.href ? 'l' : '-'}${labelShape(c.label)}`).join('');
  const holes = trail.flatMap((c) => [c.href ?? '', labelWords(c.label)]);
  return (
    <Stamped as="nav" label={t('breadcrumb.label')} stampKey={`crumbs ${shape}`} holes={holes}>
      {(values) => (
        <ol className="breadcrumb small mb-2">
          {trail.map((c, i) => {
            const label = <LabelText value={labelWith(c.label, values[2 * i + 1] ?? '')} />;
            return (
              <li key={i} className="breadcrumb-item">
                {c.href ? <a href={values[2 * i]}>{label}</a> : label}
              </li>
            );
          })}
        </ol>
      )}
    </Stamped>
  );
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
  const { lang } = usePageContext();
  return (
    <div className="page-head">
      <div className="container">
        <Breadcrumbs trail={[{ label: t('nav.home'), href: withLang('/', lang) }, ...crumbs]} />
        <h1>{title}</h1>
        {lead && <p className="lead prose mb-0">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
