import { categoryResource } from './articles.ts';

/** Culture article categories (history, heritage sites, crafts and customs...). */
export default categoryResource({ name: 'content/cultureCategory', table: 'culture_category', section: 'culture', menu: { icon: 'fa fa-bookmark', weigh: 83 } });
