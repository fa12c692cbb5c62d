import { DEFAULT_COVER } from './meta.ts';

interface CoverProps {
  src: string;
  /** Empty when a caption or title next to the picture already says what it shows. */
  alt?: string;
  className?: string;
  /** Above-the-fold pictures (a detail's cover, a list's first) load eagerly and first: they are the largest paint. */
  eager?: boolean;
}

/** A content picture at 16:9 (the ratio of the shipped covers), with the house picture when none is set. */
export function Cover({ src, alt = '', className = 'cover', eager = false }: CoverProps) {
  return <img src={src || DEFAULT_COVER} alt={alt} width={640} height={360} className={className} loading={eager ? undefined : 'lazy'} fetchPriority={eager ? 'high' : undefined} decoding="async" />;
}
