/**
 * Sharing guests' invitations from a phone (the system's share sheet: WhatsApp, Mensajes, correo…):
 * the invitation PNGs go as files with the community's invitation message as the text. Where the
 * browser cannot share files, the invitations are downloaded instead.
 */
import { DEFAULT_INVITATION_MESSAGE } from '../settings/settings-rules.js';

/** Invitations shared at once (a chat app takes a few dozen files; more go by download). */
export const MAX_SHARED_INVITATIONS = 10;

export const ShareTexts = {
  share: 'Compartir',
  shareGuest: (name: string) => `Compartir la invitación de ${name}`,
  preparing: 'Preparando invitaciones para compartir…',
  tooMany: `Puedes compartir hasta ${MAX_SHARED_INVITATIONS} invitaciones a la vez; para más, descárgalas.`,
  failedTitle: 'No se pudo compartir',
  title: 'Invitación',
} as const;

/** The parts of `navigator` the decision reads. */
export interface ShareCapable {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
}

/** The browser shares files when it has `share` and `canShare` says yes to a PNG file. */
export function canShareFiles(nav: ShareCapable | undefined, probe: File): boolean {
  if (!nav || typeof nav.share !== 'function' || typeof nav.canShare !== 'function') return false;
  try {
    return nav.canShare({ files: [probe] }) === true;
  } catch {
    return false;
  }
}

/** The text that goes with the files: the community's invitation message (settings), or the default one. */
export function invitationShareText(settings: { invitationMessage?: string } | null | undefined): string {
  const message = settings?.invitationMessage?.trim();
  return message ? message : DEFAULT_INVITATION_MESSAGE;
}

/** What `navigator.share` receives. */
export function invitationShareData(files: File[], text: string): ShareData {
  return { files, text, title: ShareTexts.title };
}

/**
 * The browser refused to open the sheet (NotAllowedError: the click's user activation ran out while
 * the PNGs were fetched, or a permission policy): the invitations are downloaded instead.
 */
export const isShareNotAllowed = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'NotAllowedError';

/** The user closed the share sheet without choosing an app: nothing to report. */
export const isShareDismissed = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
