import { articleResource } from './articles.ts';

/** News of the association and along the canal: /news, /news/info, the home pages and the RSS feed. */
export default articleResource({
  name: 'content/news',
  table: 'news',
  section: 'news',
  category: 'content/newsCategory',
  page: '/news/info',
  menu: { icon: 'fa fa-newspaper-o', weigh: 90 },
});
