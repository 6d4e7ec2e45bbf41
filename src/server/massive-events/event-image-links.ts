/** Signed links to an event's invitation images (portada, anfitrión), as `<img>` loads them (communities/image-links.ts). */
import type { MassiveEvent } from '../../shared/massive-events/massive-event-types.js';
import type { Queryable } from '../platform/db/db.js';
import { imageLinkKey, signImageLink } from '../communities/image-links.js';

/** The path of an event's image. */
export const eventImagePath = (eventUuid: string, fileUuid: string) =>
  `/api/massiveEvents/${eventUuid}/images/${fileUuid}`;

/** The event with its images' `publicUrl` as signed links of `userUuid`. */
export async function withSignedEventImages(
  db: Queryable,
  userUuid: string,
  event: MassiveEvent,
): Promise<MassiveEvent> {
  const key = await imageLinkKey(db);
  const sign = <I extends { publicUrl: string } | null | undefined>(image: I): I =>
    image ? { ...image, publicUrl: signImageLink(key, image.publicUrl, userUuid) } : image;
  return { ...event, backgroundImage: sign(event.backgroundImage), profile: sign(event.profile) };
}
