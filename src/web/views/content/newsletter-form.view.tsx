import { useSearchParams } from 'react-router-dom';
import { ContentFormPage } from './content-form-page.js';
import { contentFormApis, type ContentFormApis } from './use-content-form.js';

const defaults = contentFormApis('newsletters');

/** 'Nuevo boletín' / 'Editar boletín' (/newNews); edit with ?uuid=. */
export function NewsletterFormView({ api = defaults }: { api?: ContentFormApis }) {
  const [query] = useSearchParams();
  return <ContentFormPage kind="newsletters" id={query.get('uuid')} api={api} />;
}
