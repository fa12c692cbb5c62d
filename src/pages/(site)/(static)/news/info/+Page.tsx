import { useData } from 'vike-react/useData';
import { ArticleDetailPage } from '../../../../../components/content/ArticleViews.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  return <ArticleDetailPage item={useData<Data>().item} section="news" />;
}
