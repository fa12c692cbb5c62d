import { articleDetailPage } from '../../../../../components/content/ArticleViews.tsx';

export default articleDetailPage('news');
