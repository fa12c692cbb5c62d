import { articleListPage } from '../../../../components/content/ArticleViews.tsx';

export default articleListPage('news');
