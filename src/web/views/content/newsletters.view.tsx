import { contentApi, type ContentApi } from './content.api.js';
import { ContentList } from './content-list.js';

const newsletters = contentApi('newsletters');

/** 'Boletines' (/newsletters): its page and search survive /newNews. */
export function NewslettersView({ api = newsletters }: { api?: Pick<ContentApi, 'list' | 'remove'> }) {
  return <ContentList kind="newsletters" api={api} />;
}
