/**
 * Signed, short-lived links to images an `<img>` loads without a Bearer header: a community's
 * logo, a notice's, newsletter's or promotion's image. A link names the image's path and the
 * user it was issued to, with an expiry, signed with the installation's link key (the one the
 * visit photos use, under a purpose of its own so neither link opens the other). The route that
 * serves it checks the signature and the expiry, then that the named user still reaches the image
 * (a member of its community); any failure answers 404, as an image of another community.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { Queryable } from '../platform/db/db.js';
import { photoLinkKey } from '../visits/photo-links.js';

/** How long an image link works; the web asks for fresh links with each answer. */
export const IMAGE_LINK_TTL_SECONDS = 15 * 60;

/** The installation's link key (made on first use). */
export const imageLinkKey = photoLinkKey;

const mac = (key: Buffer, path: string, userUuid: string, exp: number) =>
  createHmac('sha256', key).update(`image-link\n${path}\n${userUuid}\n${exp}`).digest('base64url');

/** `path` with the signature of a link for `userUuid`, valid IMAGE_LINK_TTL_SECONDS from `now`. */
export function signImageLink(key: Buffer, path: string, userUuid: string, now = Date.now()) {
  const exp = Math.floor(now / 1000) + IMAGE_LINK_TTL_SECONDS;
  const query = new URLSearchParams({ exp: String(exp), u: userUuid, sig: mac(key, path, userUuid, exp) });
  return `${path}?${query.toString()}`;
}

/** The query of a signed image link; every part optional, as a Bearer caller sends none. */
export const ImageLinkQuerySchema = v.object({
  exp: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Enlace no válido.'))),
  u: v.optional(v.pipe(v.string(), v.uuid('Enlace no válido.'))),
  sig: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'Enlace no válido.'))),
});
export type ImageLinkQuery = v.InferOutput<typeof ImageLinkQuerySchema>;

/** The user a link was issued to when it is ours and in time for `path`; otherwise null. */
export function linkedUser(key: Buffer, path: string, query: ImageLinkQuery, now = Date.now()): string | null {
  if (!query.exp || !query.u || !query.sig) return null;
  const expected = Buffer.from(mac(key, path, query.u, Number(query.exp)));
  const given = Buffer.from(query.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(query.exp) * 1000 > now ? query.u : null;
}

/** The logo's path for a community. */
export const logoPath = (communityUuid: string) => `/api/fracs/${communityUuid}/logo`;

/** A signed link to a community's logo for the user `userUuid`. */
export async function signedLogoUrl(db: Queryable, communityUuid: string, userUuid: string) {
  return signImageLink(await imageLinkKey(db), logoPath(communityUuid), userUuid);
}

/** Communities as answered to `userUuid`: each logo's `file.publicUrl` a signed link an `<img>` loads as it is. */
export async function withSignedLogos<C extends { uuid: string; file: { publicUrl: string } | null }>(
  db: Queryable,
  userUuid: string,
  communities: C[],
): Promise<C[]> {
  if (!communities.some((c) => c.file)) return communities;
  const key = await imageLinkKey(db);
  return communities.map((c) =>
    c.file ? { ...c, file: { ...c.file, publicUrl: signImageLink(key, logoPath(c.uuid), userUuid) } } : c,
  );
}

/** One community as answered to `userUuid` (see withSignedLogos). */
export const withSignedLogo = async <C extends { uuid: string; file: { publicUrl: string } | null }>(
  db: Queryable,
  userUuid: string,
  community: C,
): Promise<C> => (await withSignedLogos(db, userUuid, [community]))[0]!;
