import { useSearchParams } from 'react-router-dom';
import { ContentFormPage } from './content-form-page.js';
import { contentFormApis, type ContentFormApis } from './use-content-form.js';

const defaults = contentFormApis('notices');

/** 'Nuevo aviso' / 'Editar aviso' (/newNotice); edit with ?uuid=. */
export function NoticeFormView({ api = defaults }: { api?: ContentFormApis }) {
  const [query] = useSearchParams();
  return <ContentFormPage kind="notices" id={query.get('uuid')} api={api} />;
}
