/**
 * The massive-event wizard's rules, shared by its machine and
 * its tests: step 1's values from an event, the restore body, the design's configure body.
 */
import { DEFAULT_BACKGROUND, DEFAULT_FOREGROUND, localNow } from './massive-event-rules.js';
import type { Guest, MassiveEvent } from './massive-event-types.js';
import { RESIDENT_HOME, type ConfigureEventBody, type EventBody, type GuestFields } from './massive-event.schema.js';

export interface StepOneValues {
  title: string;
  place: string;
  resident: string;
  date: string;
  time: string;
  additionalInformation: string;
  [k: string]: unknown;
}
/** A guest in the wizard's table: `uuid` empty until the bulk call creates it; `changed` once edited. */
export interface WizardGuest extends GuestFields {
  uuid: string;
  changed?: boolean;
}
/** A cropped image: its preview (a data URL) and, when new, the PNG to send; or the event's own (`uuid`). */
export interface DesignImage {
  preview: string | null;
  uuid?: string;
  content?: string;
}
export interface Design {
  foregroundColor: string;
  backgroundColor: string;
  backgroundImage: DesignImage | null;
  profile: DesignImage | null;
}

export const emptyDesign = (): Design => ({
  foregroundColor: DEFAULT_FOREGROUND,
  backgroundColor: DEFAULT_BACKGROUND,
  backgroundImage: null,
  profile: null,
});

/** Step 1 starts empty, on today at the current time (24 h), with the resident fixed for a resident. */
export function freshValues(resident = '', now = localNow()): StepOneValues {
  return { title: '', place: '', resident, date: now.slice(0, 10), time: now.slice(11, 16), additionalInformation: '' };
}

export function valuesOfEvent(event: MassiveEvent): StepOneValues {
  return {
    title: event.title,
    place: event.commonArea?.uuid ?? RESIDENT_HOME,
    resident: event.resident.uuid,
    date: event.startDate.slice(0, 10),
    time: event.startDate.slice(11, 16),
    additionalInformation: event.additionalInformation,
  };
}

export const wizardGuestOf = (g: Guest): WizardGuest => ({
  uuid: g.uuid,
  firstName: g.firstName,
  lastName: g.lastName,
  phone: g.phone,
  email: g.email,
});

/** What the discard of an edit session sends: the event and its guests exactly as they were read. */
export function restoreBodyOf(event: MassiveEvent): EventBody & { guests: (GuestFields & { uuid: string })[] } {
  return {
    title: event.title,
    additionalInformation: event.additionalInformation,
    startDate: event.startDate,
    commonArea: event.commonArea ? { uuid: event.commonArea.uuid } : null,
    resident: { uuid: event.resident.uuid },
    version: undefined,
    guests: event.massiveEventGuests.map(wizardGuestOf),
  };
}

/** The stored images' previews (object URLs the screen read with the token), when it could read them. */
export interface DesignPreviews {
  backgroundImage: string | null;
  profile: string | null;
}

/** The stored design of an event: its images kept by uuid (sent back unchanged), shown with their previews. */
export function designOfEvent(
  event: MassiveEvent,
  previews: DesignPreviews = { backgroundImage: null, profile: null },
): Design {
  return {
    foregroundColor: event.foregroundColor ?? DEFAULT_FOREGROUND,
    backgroundColor: event.backgroundColor ?? DEFAULT_BACKGROUND,
    backgroundImage: event.backgroundImage
      ? { preview: previews.backgroundImage, uuid: event.backgroundImage.uuid }
      : null,
    profile: event.profile ? { preview: previews.profile, uuid: event.profile.uuid } : null,
  };
}

const imageBody = (image: DesignImage | null, name: string) => {
  if (!image) return undefined;
  if (image.content) return { name, extension: 'png', mimeType: 'image/png', content: image.content };
  return image.uuid ? { uuid: image.uuid } : undefined;
};

/** Configure: colours at their default are not sent; a new image as PNG, a kept one by uuid. */
export function configureBodyOf(design: Design, version?: number): ConfigureEventBody {
  return {
    ...(design.foregroundColor.toLowerCase() !== DEFAULT_FOREGROUND
      ? { foregroundColor: design.foregroundColor.toLowerCase() }
      : {}),
    ...(design.backgroundColor.toLowerCase() !== DEFAULT_BACKGROUND
      ? { backgroundColor: design.backgroundColor.toLowerCase() }
      : {}),
    backgroundImage: imageBody(design.backgroundImage, 'portada.png'),
    profile: imageBody(design.profile, 'anfitrion.png'),
    version,
  };
}

/** The wizard's texts not already in EventTexts. */
export const WizardTexts = {
  resumeTitle: 'Tienes un evento masivo sin terminar',
  resumeDetail: '¿Deseas continuar donde te quedaste o descartarlo?',
  saveExit: 'Guardar y salir',
  finished: 'Tu evento quedó listo',
  finishedDetail: 'Ya puedes descargar las invitaciones de tus invitados.',
  downloadInvitations: 'Descargar invitaciones',
} as const;
