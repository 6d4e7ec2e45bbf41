import { fromPromise } from 'xstate';
import { invitationShareMachine } from '../../../../machines/massive-events/invitation-share.machine.js';
import type { ApiFailure } from '../../../shared/platform/api-failure.js';
import { LOCALE } from '../../../shared/platform/constants.js';
import {
  canShareFiles,
  invitationShareData,
  type ShareCapable,
} from '../../../shared/massive-events/invitation-share.js';
import { tokenStore } from '../../platform/api/storage.js';
import { invitationDownloadLogic } from './invitation-download.js';
import { failureOf, fetchInvitations, fileNameOf, invitationUrl } from './invitations.api.js';

/** One guest's invitation as a PNG File (GET api/massiveEventGuests/invitation?uuid=..). */
export async function fetchInvitationFile(uuid: string, signal: AbortSignal): Promise<File> {
  const headers: Record<string, string> = { 'Accept-Language': LOCALE, Accept: 'image/png, application/json' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(invitationUrl({ kind: 'guests', uuids: [uuid] }), { headers, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw { kind: 'network' } satisfies ApiFailure;
  }
  if (!response.ok) throw await failureOf(response);
  return new File([await response.blob()], fileNameOf(response), { type: 'image/png' });
}

/** The browser's navigator where there is one (the share sheet's owner). */
const browserNavigator = (): ShareCapable | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

/** A PNG file to ask navigator.canShare about. */
const probeFile = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'invitacion.png', { type: 'image/png' });

/** Fetches the guests' PNGs and opens the share sheet with them and the invitation message. */
export function shareInvitations(text: string, nav: () => ShareCapable | undefined = browserNavigator) {
  return fromPromise<void, { uuids: string[] }>(async ({ input, signal }) => {
    const files = await Promise.all(input.uuids.map((uuid) => fetchInvitationFile(uuid, signal)));
    // Called as navigator's own method (a detached share throws 'Illegal invocation').
    await nav()?.share?.(invitationShareData(files, text));
  });
}

/** The share child as the guests screen invokes it (id `invitationShare`): this browser's share sheet, or the download. */
export const invitationShareLogic = ({
  text,
  download = fetchInvitations,
  nav = browserNavigator,
}: {
  text: string;
  download?: typeof fetchInvitations;
  nav?: () => ShareCapable | undefined;
}) =>
  invitationShareMachine.provide({
    guards: { canShareFiles: () => canShareFiles(nav(), probeFile()) },
    actors: { shareInvitations: shareInvitations(text, nav), invitationDownload: invitationDownloadLogic(download) },
  });
