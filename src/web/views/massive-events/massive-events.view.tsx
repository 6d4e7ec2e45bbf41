import { Badge, Link as ChakraLink, Spinner, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { eventActionsMachine } from '../../../../machines/massive-events/event-actions.machine.js';
import { EVENT_SORTS, eventsPage, type EventListRow } from '../../../shared/massive-events/massive-event-list.js';
import {
  canWriteEvents,
  EventTexts,
  eventGuestsPath,
  EVENTS_PAGE_SIZE,
  guestsLinked,
  type EventStatus,
} from '../../../shared/massive-events/massive-event-rules.js';
import { fetchInvitations } from './invitations.api.js';
import { massiveEventsApi, type MassiveEventsApi } from './massive-events.api.js';
import { AddLinkButton } from '../../platform/components/add-link-button.js';
import { invitationDownloadLogic } from './invitation-download.js';
import { ListScreen, type ListColumn } from '../../platform/components/list/list-screen.js';
import { paths } from '../../paths.js';
import { useSessionUser } from '../session/session-context.js';
import { EventToolbar, SelectCell } from './event-toolbar.js';

type Row = EventListRow;
const STATUS_COLOR: Record<EventStatus, string> = {
  Próximo: 'teal',
  'En curso': 'blue',
  Terminado: 'gray',
  Cancelado: 'red',
  Incompleto: 'orange',
};

const columns: ListColumn<Row>[] = [
  { header: 'Evento', cell: (r) => <Text fontWeight="medium">{r.name}</Text> },
  {
    header: 'Invitados',
    // A link to the guests only when the event is not finished, cancelled or incomplete.
    cell: (r) =>
      guestsLinked(r.status) ? (
        <ChakraLink asChild color="teal.700" textDecoration="underline">
          <Link to={eventGuestsPath(r.uuid)} aria-label={`${r.guests} invitados de ${r.name}`}>
            {r.guests}
          </Link>
        </ChakraLink>
      ) : (
        <Text>{r.guests}</Text>
      ),
  },
  { header: 'Fecha', cell: (r) => r.date.split('-').reverse().join('/') },
  { header: 'Hora', cell: (r) => r.time },
  {
    header: 'Estatus',
    cell: (r) => (
      <Badge colorPalette={STATUS_COLOR[r.status]} variant="subtle">
        {r.status}
      </Badge>
    ),
  },
];

/**
 * 'Eventos masivos' (/massiveEvents; a resident's home): the shared list over the
 * [event, guest count] pairs, with the `eventActions` toolbar child holding the ticked rows (and
 * running the invitations' download as its own child).
 */
export function MassiveEventsView({
  api = massiveEventsApi,
  download = fetchInvitations,
}: {
  api?: Pick<MassiveEventsApi, 'list' | 'clone' | 'cancel' | 'remove'>;
  download?: typeof fetchInvitations;
}) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const toolbar = useMemo(
    () =>
      eventActionsMachine.provide({
        actors: {
          runAction: fromPromise(async ({ input }) => {
            if (input.action === 'clone') return api.clone(input.uuid);
            if (input.action === 'cancel') return api.cancel(input.uuid);
            return api.remove(input.uuid);
          }),
          invitationDownload: invitationDownloadLogic(download),
        },
        actions: {
          openEditor: (_, { path }) => {
            navigate(path);
          },
          returnTo: (_, { path }) => {
            navigate(path);
          },
        },
      }),
    [api, download, navigate],
  );
  if (!user) return <Spinner role="status" color="teal.600" aria-label="Cargando" />;
  const writer = canWriteEvents(user.roleKey);

  return (
    <ListScreen<Row>
      title={EventTexts.listTitle}
      tableCaption="Eventos registrados"
      searchPlaceholder={EventTexts.eventSearch}
      selectFilters={[{ name: 'sort', label: 'Ordenar por', options: [...EVENT_SORTS] }]}
      columns={columns}
      pageSize={EVENTS_PAGE_SIZE}
      loadPage={async (q) =>
        eventsPage(await api.list(), { page: q.page, size: q.size, search: q.search, sort: String(q.sort ?? '') })
      }
      rowName={(row) => row.name}
      canEdit={false}
      toolbar={writer ? <AddLinkButton label={EventTexts.create} to={paths.create} /> : null}
      toolbarChild={toolbar}
      renderToolbar={(actor) => <EventToolbar actor={actor} writer={writer} />}
      toolbarColumns={(actor) => [
        {
          header: 'Seleccionar',
          cell: (r) => <SelectCell actor={actor} row={{ uuid: r.uuid, name: r.name, status: r.status }} />,
        },
      ]}
    />
  );
}
