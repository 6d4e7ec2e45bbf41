import { fromPromise } from 'xstate';
import { eventWizardMachine, type LoadedWizard } from '../../../../machines/massive-events/event-wizard.machine.js';
import { guestImportMachine } from '../../../../machines/massive-events/guest-import.machine.js';
import { configureBodyOf, restoreBodyOf } from '../../../shared/massive-events/event-wizard-rules.js';
import { EventTexts } from '../../../shared/massive-events/massive-event-rules.js';
import { RESIDENT_HOME } from '../../../shared/massive-events/massive-event.schema.js';
import { api } from '../../platform/api/client.js';
import { fetchInvitations } from './invitations.api.js';
import { massiveEventsApi, type MassiveEventsApi } from './massive-events.api.js';
import { invitationDownloadLogic } from './invitation-download.js';
import { readGuestSheet } from './read-guest-sheet.js';

type Area = { uuid: string; name: string };
type ResidentOption = { uuid: string; firstName: string; lastName: string };

/** The supporting reads of step 1: common areas, residents (or the resident's own record), the event in edit mode. */
export interface WizardReads {
  areas: () => Promise<Area[]>;
  residents: () => Promise<ResidentOption[]>;
  ownResident: (email: string) => Promise<ResidentOption>;
}
export const wizardReads: WizardReads = {
  areas: () => api.get<Area[]>('/api/commonareas/byfrac'),
  residents: () => api.get<ResidentOption[]>('/api/residents/all'),
  ownResident: (email) => api.get<ResidentOption>(`/api/residents/findOne?email=${encodeURIComponent(email)}`),
};

const residentLabel = (r: ResidentOption) => `${r.firstName} ${r.lastName}`;

/** The wizard with the calls as its actors. */
export function wizardLogic(
  events: MassiveEventsApi = massiveEventsApi,
  reads: WizardReads = wizardReads,
  email = '',
  download = fetchInvitations,
) {
  const invitationDownload = invitationDownloadLogic(download);
  return eventWizardMachine.provide({
    actors: {
      load: fromPromise(async ({ input }): Promise<LoadedWizard> => {
        const resident = input.role === 'resident';
        const [areas, residents, event] = await Promise.all([
          reads.areas(),
          resident ? reads.ownResident(email).then((r) => [r]) : reads.residents(),
          input.token ? events.get(input.token) : Promise.resolve(null),
        ]);
        // Edit mode: the stored cover and host images, read with the token, so the preview shows what guests get.
        const image = (file: { publicUrl: string } | null | undefined) =>
          file ? events.image(file.publicUrl) : Promise.resolve(null);
        const [backgroundImage, profile] = event
          ? await Promise.all([image(event.backgroundImage), image(event.profile)])
          : [null, null];
        return {
          places: [
            { value: RESIDENT_HOME, label: EventTexts.residentHome },
            ...areas.map((a) => ({ value: a.uuid, label: a.name })),
          ],
          residents: residents.map((r) => ({ value: r.uuid, label: residentLabel(r) })),
          event,
          ownResident: resident ? (residents[0]?.uuid ?? null) : null,
          previews: { backgroundImage, profile },
        };
      }),
      saveEvent: fromPromise(async ({ input }) => {
        if (!input.id) return { uuid: await events.create(input.body), version: 1 };
        const saved = await events.update(input.id, input.body);
        return { uuid: saved.uuid, version: saved.version };
      }),
      // New guests (empty uuid) in bulk, changed ones one by one, removed ones deleted.
      saveGuests: fromPromise(async ({ input }) => {
        for (const uuid of input.removed) await events.removeGuest(uuid);
        const fresh = input.guests.filter((g) => !g.uuid);
        if (fresh.length) await events.addGuests(input.id, fresh);
        for (const g of input.guests.filter((x) => x.uuid && x.changed))
          await events.updateGuest(input.id, { ...g, uuid: g.uuid });
        return (await events.get(input.id)).massiveEventGuests;
      }),
      configure: fromPromise(({ input }) => events.configure(input.id, configureBodyOf(input.design))),
      deleteEvent: fromPromise(({ input }) => events.remove(input.id)),
      restoreEvent: fromPromise(({ input }) => events.restore(input.id, restoreBodyOf(input.original))),
      guestImport: guestImportMachine.provide({
        actors: {
          readSheet: fromPromise(({ input }) => readGuestSheet(input.file as File)),
          // The event exists since step 1; the import's guests go in bulk to it.
          uploadGuests: fromPromise(({ input }) => events.addGuests(input.event!, input.guests)),
          invitationDownload,
        },
      }),
      invitationDownload,
    },
  });
}
