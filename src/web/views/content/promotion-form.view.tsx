import { useSearchParams } from 'react-router-dom';
import { ContentFormPage } from './content-form-page.js';
import { contentFormApis, type ContentFormApis } from './use-content-form.js';

const defaults = contentFormApis('promotions');

/** 'Nueva promoción' / 'Editar promoción' (/newPromotion); edit with ?uuid=. */
export function PromotionFormView({ api = defaults }: { api?: ContentFormApis }) {
  const [query] = useSearchParams();
  return <ContentFormPage kind="promotions" id={query.get('uuid')} api={api} />;
}
