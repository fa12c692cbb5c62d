import { articleResource } from './articles.ts';

/** Canal culture articles: /culture, /culture/info and the home pages. */
export default articleResource({
  name: 'content/culture',
  table: 'culture_article',
  section: 'culture',
  category: 'content/cultureCategory',
  page: '/culture/info',
  menu: { icon: 'fa fa-book', weigh: 84 },
});
