import type { ReactNode } from 'react';
import type { LocalText } from '../../shared/content.ts';
import { Cover } from './Cover.tsx';
import { Text } from './Text.tsx';

interface DetailBodyProps {
  /** The summary, as the story's first paragraph (pages that show it in the header leave it out here). */
  lead?: LocalText;
  cover: string;
  /** The story after its cover. */
  children: ReactNode;
  /** Beside the story: facts, links; none leaves the story alone. */
  aside?: ReactNode;
  /** The heading inside `aside` that names it. */
  asideLabelledBy?: string;
  /** Below both, full width. */
  after?: ReactNode;
}

/** The body of a detail page (an article, activity, trail, canal or city): the story with its cover, and what stands beside it. */
export function DetailBody({ lead, cover, children, aside, asideLabelledBy, after }: DetailBodyProps) {
  return (
    <div className="container">
      <div className="row g-4 g-lg-5">
        <article className="col-lg-8">
          {lead && (
            <p className="lead">
              <Text value={lead} />
            </p>
          )}
          <Cover src={cover} className="cover detail-cover mb-4" eager />
          {children}
        </article>
        {aside && (
          <aside className="col-lg-4" aria-labelledby={asideLabelledBy}>
            {aside}
          </aside>
        )}
      </div>
      {after}
    </div>
  );
}

/** A fact naming another page: the term, and the page's name as its link. */
export function LinkedFact({ term, href, name }: { term: string; href: string; name: LocalText }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>
        <a href={href}>
          <Text value={name} />
        </a>
      </dd>
    </>
  );
}

/** A section named by its heading (`<id>-title`), as the parts below a page's main content are. */
export function TitledSection({ id, title, className = 'mt-5', headingClassName = 'h4 mb-3', children }: { id: string; title: string; className?: string; headingClassName?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
