/**
 * Community content (Avisos, Boletines, Promociones): the texts,
 * the newsletter types, the strict date format and the date pickers' limits.
 */
import { parseDateTime } from '@internationalized/date';
import type { Role } from '../platform/roles.js';

export type ContentKind = 'notices' | 'newsletters' | 'promotions';

/** Titles, links and success texts of each kind. */
export const ContentTexts = {
  notices: {
    title: 'Avisos',
    search: 'Buscar aviso',
    add: 'Nuevo aviso',
    create: 'Nuevo aviso',
    edit: 'Editar aviso',
    created: 'Aviso creado correctamente',
    updated: 'Aviso actualizado correctamente',
    caption: 'Avisos del fraccionamiento',
  },
  newsletters: {
    title: 'Boletines',
    search: 'Buscar boletín',
    add: 'Nuevo boletín',
    create: 'Nuevo boletín',
    edit: 'Editar boletín',
    created: 'Boletín creado',
    updated: 'Boletín actualizado',
    caption: 'Boletines del fraccionamiento',
  },
  promotions: {
    title: 'Promociones',
    search: 'Buscar promoción',
    add: 'Nueva promoción',
    create: 'Nueva promoción',
    edit: 'Editar promoción',
    created: 'Promoción creada correctamente',
    updated: 'Promoción actualizada correctamente',
    caption: 'Promociones del fraccionamiento',
  },
} as const satisfies Record<ContentKind, Record<string, string>>;

/** A save's success dialog is titled 'Correcto'; a failure shows the generic dialog with the server's text. */
export const CONTENT_SUCCESS_TITLE = 'Correcto';
export const CONTENT_FAILURE_TITLE = 'Ha ocurrido un error';
export const WHOLE_COMMUNITY_LABEL = 'Para todo el fraccionamiento';

/** Newsletter type codes and their labels, in the order the select offers them. */
export const NEWSLETTER_TYPES = [
  { code: 5, label: 'Restaurante' },
  { code: 1, label: 'Deportes' },
  { code: 2, label: 'Social' },
  { code: 3, label: 'Eventos' },
] as const;
export type NewsletterTypeCode = (typeof NEWSLETTER_TYPES)[number]['code'];
export const newsletterTypeLabel = (code: number) => NEWSLETTER_TYPES.find((t) => t.code === code)?.label ?? '';
/** A type as sent: its code (5 or '5') or its label ('Restaurante', any case). Null when it is none of the four. */
export function newsletterTypeCode(value: unknown): NewsletterTypeCode | null {
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  const found = NEWSLETTER_TYPES.find((t) => String(t.code) === text || t.label.toLowerCase() === text);
  return found?.code ?? null;
}

/** Limits. */
export const TITLE_MIN = 3;
export const TITLE_MAX = 300;
export const DESCRIPTION_MAX = 1500;
export const CONTACT_MIN = 3;
export const CONTACT_MAX = 300;
/** The description counter 'n/1500'. */
export const descriptionCounter = (text: unknown) => `${String(text ?? '').length}/${DESCRIPTION_MAX}`;

/** Images: jpeg or png, checked by content on the server; the size cap is ours. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPE_MESSAGE = 'La imagen debe ser JPEG o PNG.';
export const IMAGE_SIZE_MESSAGE = 'La imagen no debe pesar más de 5 MB.';
export const IMAGE_CONTENT_MESSAGE = 'El contenido de la imagen no es válido.';

/** Why a picked image cannot be sent, or null (the browser's declared type is a first check; the server reads the content). */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

/** `YYYY-MM-DDTHH:mm:ss` exactly, a real calendar date and time. */
const CONTENT_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
export function isContentDate(value: unknown): value is string {
  if (typeof value !== 'string' || !CONTENT_DATE.test(value)) return false;
  try {
    parseDateTime(value);
    return true;
  } catch {
    return false;
  }
}
/** A date-time picker's value ('YYYY-MM-DDTHH:mm', seconds optional) in the contract's format; other text as it is. */
export const toContentDate = (value: unknown) => {
  const text = String(value ?? '').trim();
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
};
/** Both dates valid and the end not before the start. */
export const endNotBeforeStart = (start: string, end: string) =>
  !isContentDate(start) || !isContentDate(end) || parseDateTime(end).compare(parseDateTime(start)) >= 0;

/** 'YYYY-MM-DDTHH:mm:ss' of a moment in local time. */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** How far before the server's clock a new start may be (the form's "now" was taken a moment earlier). */
export const START_TOLERANCE_MINUTES = 10;
/**
 * A new post's start is not before now; an edited post's start is not before its stored
 * start (or now, when that is earlier). `now` is the community's local 'YYYY-MM-DDTHH:mm:ss'.
 */
export function startAllowed(start: string, now: string, storedStart: string | null): boolean {
  if (!isContentDate(start) || !isContentDate(now)) return true;
  const chosen = parseDateTime(start);
  const floor = parseDateTime(now).subtract({ minutes: START_TOLERANCE_MINUTES });
  if (chosen.compare(floor) >= 0) return true;
  return storedStart !== null && isContentDate(storedStart) && chosen.compare(parseDateTime(storedStart)) >= 0;
}

export interface DateLimits {
  startMin: string;
  endMin: string;
  endDisabled: boolean;
}
/**
 * The start's minimum is now when adding and the stored start when editing; the
 * end picker is disabled until a start is chosen, and its minimum is then the start (before, the
 * spec's 1900-01-30, or 1900-01-01 for promotions).
 */
export function contentDateLimits(
  kind: ContentKind,
  start: unknown,
  editedStart: string | null,
  now: Date,
): DateLimits {
  const chosen = toContentDate(start);
  const floor = kind === 'promotions' ? '1900-01-01T00:00:00' : '1900-01-30T00:00:00';
  return {
    startMin: editedStart ?? localDateTime(now),
    endMin: isContentDate(chosen) ? chosen : floor,
    endDisabled: !isContentDate(chosen),
  };
}

/** 'YYYY-MM-DDTHH:mm:ss' → '25/11/2026 10:30' for the lists' date columns. */
export function shownDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : value;
}

/** Who may use the content calls: staff edit, the administrator deletes, guards and residents read. */
export const CONTENT_READERS: readonly Role[] = ['admin', 'capturista', 'guard', 'resident'];
export const CONTENT_EDITORS: readonly Role[] = ['admin', 'capturista'];
export const CONTENT_DELETERS: readonly Role[] = ['admin'];
export const canDeleteContent = (role: Role) => CONTENT_DELETERS.includes(role);
