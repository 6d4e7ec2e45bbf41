import { contentApi, type ContentApi } from './content.api.js';
import { ContentList } from './content-list.js';

const promotions = contentApi('promotions');

/** 'Promociones' (/promotions). */
export function PromotionsView({ api = promotions }: { api?: Pick<ContentApi, 'list' | 'remove'> }) {
  return <ContentList kind="promotions" api={api} />;
}
