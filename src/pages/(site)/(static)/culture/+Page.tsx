import { useData } from 'vike-react/useData';
import { ArticleListPage } from '../../../../components/content/ArticleViews.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  return <ArticleListPage data={useData<Data>()} section="culture" />;
}
