import { Button, Flex, Spinner } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { formScreenMachine } from '../../../../machines/platform/form-screen.machine.js';
import { guestFormRules, guestFormValues } from '../../../../machines/massive-events/guest-form-rules.js';
import { guestActionsMachine } from '../../../../machines/massive-events/guest-actions.machine.js';
import { guestImportMachine } from '../../../../machines/massive-events/guest-import.machine.js';
import { readGuestSheet } from './read-guest-sheet.js';
import { guestsPage, type GuestListRow } from '../../../shared/massive-events/massive-event-list.js';
import {
  canWriteEvents,
  EventTexts,
  GUESTS_PAGE_SIZE,
  PAGE_LINKS,
} from '../../../shared/massive-events/massive-event-rules.js';
import type { GuestFields } from '../../../shared/massive-events/massive-event.schema.js';
import { fetchInvitations } from './invitations.api.js';
import { massiveEventsApi, type MassiveEventsApi } from './massive-events.api.js';
import { invitationDownloadLogic } from './invitation-download.js';
import { invitationShareLogic } from './invitation-share.api.js';
import { invitationShareText } from '../../../shared/massive-events/invitation-share.js';
import { FormDialog, type FormActor } from '../../platform/components/list/form-dialog.js';
import { ListScreen } from '../../platform/components/list/list-screen.js';
import { paths } from '../../paths.js';
import { useSessionUser } from '../session/session-context.js';
import { GuestCards, GuestToolbar } from './guest-cards.js';
import { GuestFieldsView } from './guest-fields.js';

type Row = GuestListRow;
type GuestsApi = Pick<MassiveEventsApi, 'get' | 'addGuest' | 'addGuests' | 'updateGuest' | 'removeGuest'>;

/**
 * 'Invitados al evento' (/guests?event={id}): the shared list over the event's guests
 * as cards (15 a page, 3 columns, 6 page links), the `guestActions` toolbar child (selection, select
 * all, the selection rules, the invitations' download as its child), the guest form on the form
 * skeleton, and the delete confirmation.
 */
export function GuestsView({
  api = massiveEventsApi,
  download = fetchInvitations,
}: {
  api?: GuestsApi;
  download?: typeof fetchInvitations;
}) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const event = query.get('event') ?? '';
  // 'Compartir' sends the community's invitation message (its settings) with the PNGs.
  const shareText = invitationShareText(user?.testFrac?.settings);
  // The form reads the event's guests when it opens: a name already on the list asks first.
  const form = useMemo(
    () =>
      formScreenMachine.provide({
        ...guestFormRules(),
        actors: {
          loadForm: fromPromise(async ({ input }) => ({
            values: guestFormValues(input.row),
            record: { guests: (await api.get(event)).massiveEventGuests },
          })),
          saveRecord: fromPromise(({ input }) => {
            const guest = input.values as GuestFields;
            return input.id ? api.updateGuest(event, { ...guest, uuid: input.id }) : api.addGuest(event, guest);
          }),
        },
      }),
    [api, event],
  );
  // The toolbar's import child reads the sheet and the event's guests (for the repeated ones) and sends chunks in bulk.
  const toolbar = useMemo(
    () =>
      guestActionsMachine.provide({
        actions: {
          returnTo: (_, { path }) => {
            navigate(path);
          },
        },
        actors: {
          invitationDownload: invitationDownloadLogic(download),
          invitationShare: invitationShareLogic({ text: shareText, download }),
          guestImport: guestImportMachine.provide({
            actors: {
              readSheet: fromPromise(async ({ input }) => {
                const [sheet, current] = await Promise.all([readGuestSheet(input.file as File), api.get(event)]);
                return { ...sheet, existing: current.massiveEventGuests };
              }),
              uploadGuests: fromPromise(({ input }) => api.addGuests(event, input.guests)),
              invitationDownload: invitationDownloadLogic(download),
            },
          }),
        },
      }),
    [api, download, event, navigate, shareText],
  );
  if (!user) return <Spinner role="status" color="teal.600" aria-label="Cargando" />;
  const writer = canWriteEvents(user.roleKey);

  return (
    <>
      <Flex justify="flex-start" mb="3">
        <Button size="sm" variant="ghost" colorPalette="teal" onClick={() => navigate(paths.massiveEvents)}>
          ‹ Regresar a eventos masivos
        </Button>
      </Flex>
      <ListScreen<Row>
        title={EventTexts.guestsTitle}
        searchPlaceholder={EventTexts.guestSearch}
        columns={[]}
        pageSize={GUESTS_PAGE_SIZE}
        pageWindow={PAGE_LINKS}
        loadPage={async (q) => guestsPage((await api.get(event)).massiveEventGuests, q)}
        deleteRow={writer ? (row) => api.removeGuest(row.uuid) : undefined}
        deletedText={() => EventTexts.guestDeleted}
        deleteDetail={EventTexts.deleteGuestDetail}
        rowName={(row) => `a ${row.name}`}
        canEdit={false}
        form={writer ? form : undefined}
        renderForm={
          writer
            ? (selected, actor) => (
                <FormDialog<GuestFields & Record<string, unknown>>
                  actor={actor as FormActor}
                  title={selected ? 'Editar invitado' : 'Agregar invitado'}
                  submitText="Guardar"
                  successDetail={() => (selected ? EventTexts.guestUpdated : EventTexts.guestAdded)}
                  errorTitle={EventTexts.errorTitle}
                  confirm={{
                    title: EventTexts.repeatedGuest,
                    confirmText: EventTexts.repeatedGuestConfirm,
                    detail: (g) => `${g.firstName} ${g.lastName} ya está en la lista.`,
                  }}
                >
                  {(f) => <GuestFieldsView form={f} />}
                </FormDialog>
              )
            : undefined
        }
        toolbarChild={toolbar}
        renderToolbar={(actor, rows) => <GuestToolbar actor={actor} rows={rows} writer={writer} />}
        renderRows={(rows, actor) => (actor ? <GuestCards rows={rows} actor={actor} /> : null)}
      />
    </>
  );
}
