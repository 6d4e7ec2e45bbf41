import { contentApi, type ContentApi } from './content.api.js';
import { ContentList } from './content-list.js';

const notices = contentApi('notices');

/** 'Avisos' (/notices). */
export function NoticesView({ api = notices }: { api?: Pick<ContentApi, 'list' | 'remove'> }) {
  return <ContentList kind="notices" api={api} />;
}
