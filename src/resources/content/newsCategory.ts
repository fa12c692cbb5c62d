import { categoryResource } from './articles.ts';

/** News categories (e.g. association news, heritage protection, city news). */
export default categoryResource({ name: 'content/newsCategory', table: 'news_category', section: 'news', menu: { icon: 'fa fa-tags', weigh: 89 } });
