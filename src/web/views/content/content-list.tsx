import { Button, Spinner } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { canDeleteContent, ContentTexts, shownDate, type ContentKind } from '../../../shared/content/content-rules.js';
import type { ContentApi, ContentRow } from './content.api.js';
import { AddLinkButton } from '../../platform/components/add-link-button.js';
import { ListScreen, type ListColumn } from '../../platform/components/list/list-screen.js';
import { listMemory } from '../../platform/session/list-memory.js';
import { useSessionUser } from '../session/session-context.js';
import { contentEditPath, contentPaths } from './content-kinds.js';

const columns: ListColumn<ContentRow>[] = [
  { header: 'Título', cell: (r) => r.title },
  { header: 'Fecha de inicio', cell: (r) => shownDate(r.startDate) },
  { header: 'Fecha de término', cell: (r) => shownDate(r.endDate) },
];
/** Newsletters remember their page and search while at /newNews. */
const newsletterMemory = listMemory('newsletters');
/** A numbered pager for newsletters (every page), a window for notices and promotions (about 6). */
const ALL_PAGES = 1000;
const PAGE_WINDOW = 6;

/**
 * 'Avisos', 'Boletines', 'Promociones': the shared list (search on the title, the
 * pager, the delete confirmation), 'Nuevo …' to the form page, 'Editar' to the form with
 * `?uuid=`; a capturista sees no delete.
 */
export function ContentList({ kind, api }: { kind: ContentKind; api: Pick<ContentApi, 'list' | 'remove'> }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const texts = ContentTexts[kind];
  if (!user) return <Spinner role="status" color="teal.600" aria-label="Cargando" />;
  return (
    <ListScreen<ContentRow>
      title={texts.title}
      tableCaption={texts.caption}
      searchPlaceholder={texts.search}
      columns={columns}
      memory={kind === 'newsletters' ? newsletterMemory : undefined}
      pageWindow={kind === 'newsletters' ? ALL_PAGES : PAGE_WINDOW}
      loadPage={(q) => api.list({ page: q.page, size: q.size, search: q.search })}
      deleteRow={canDeleteContent(user.roleKey) ? (row) => api.remove(row.uuid) : undefined}
      rowName={(row) => row.title}
      canEdit={false}
      toolbar={<AddLinkButton label={texts.add} to={contentPaths[kind].form} />}
      rowActions={(row) => (
        <Button size="xs" variant="outline" onClick={() => navigate(contentEditPath(kind, row.uuid))}>
          Editar
        </Button>
      )}
    />
  );
}
