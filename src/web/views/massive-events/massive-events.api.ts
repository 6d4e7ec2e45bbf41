import type { Guest, MassiveEvent, MassiveEventList } from '../../../shared/massive-events/massive-event-types.js';
import type {
  ConfigureEventBody,
  EventBody,
  GuestFields,
} from '../../../shared/massive-events/massive-event.schema.js';
import { api } from '../../platform/api/client.js';

const base = '/api/massiveEvents';
const guests = '/api/massiveEventGuests';
const at = (uuid: string, tail = '') => `${base}/${encodeURIComponent(uuid)}${tail}`;

/** A guest as the wizard and the guests screen send it (`uuid` empty: new). */
export type GuestInput = GuestFields & { uuid?: string };

/** The event and its guest list as they were when editing began (the restore body). */
export type EventRestoreBody = EventBody & { guests: (GuestFields & { uuid: string })[] };

/** Calls of /massiveEvents, /guests and /create . */
export const massiveEventsApi = {
  list: () => api.get<MassiveEventList>(`${base}/`),
  get: (uuid: string) => api.get<MassiveEvent>(at(uuid)),
  /** An invitation image's `publicUrl` is a signed, short-lived link of the reader's: an `<img>` loads it as it is. */
  image: async (publicUrl: string) => publicUrl,
  create: (body: EventBody) => api.post<string>(base, body),
  update: (uuid: string, body: EventBody) => api.put<MassiveEvent>(at(uuid), body),
  configure: (uuid: string, body: ConfigureEventBody) => api.put<MassiveEvent>(at(uuid, '/configure'), body),
  remove: (uuid: string) => api.del<void>(at(uuid)),
  clone: (uuid: string) => api.post<string>(at(uuid, '/clone')),
  cancel: (uuid: string) => api.put<MassiveEvent>(at(uuid, '/cancel')),
  /** The discard of an edit session (the server's addition to the documented calls). */
  restore: (uuid: string, body: EventRestoreBody) => api.put<MassiveEvent>(at(uuid, '/restore'), body),
  addGuest: (event: string, guest: GuestInput) =>
    api.post<Guest>(`${guests}/`, { ...guest, uuid: '', massiveEvent: { uuid: event } }),
  addGuests: (event: string, list: GuestInput[]) =>
    api.post<Guest[]>(`${guests}/multiple`, {
      massiveEvent: { uuid: event },
      guests: list.map((g) => ({ ...g, uuid: '' })),
    }),
  updateGuest: (event: string, guest: Guest | (GuestInput & { uuid: string })) =>
    api.put<Guest>(`${guests}/${encodeURIComponent(guest.uuid)}`, {
      uuid: guest.uuid,
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email,
      phone: guest.phone,
      massiveEvent: { uuid: event },
    }),
  removeGuest: (uuid: string) => api.del<void>(`${guests}/${encodeURIComponent(uuid)}`),
};
export type MassiveEventsApi = typeof massiveEventsApi;
