/**
 * The identification photo of a visit or a common-area visit (`file`, in the file
 * attachment shape: uuid, name, extension, mimeType, content in base64). JPEG or PNG,
 * checked by content on the server; private: served only through short-lived signed URLs.
 */
import * as v from 'valibot';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PhotoMessages = {
  content: 'El contenido de la foto no es válido.',
  type: 'La foto debe ser una imagen JPEG o PNG.',
  size: 'La foto no debe pesar más de 2 MB.',
  expired: 'El enlace de la foto expiró; vuelve a abrir el reporte.',
  invalidLink: 'El enlace de la foto no es válido.',
  notFound: 'La foto no existe.',
} as const;

export const PhotoFileSchema = v.object(
  {
    uuid: v.optional(v.nullable(v.string(PhotoMessages.content))),
    name: v.optional(v.nullable(v.pipe(v.string(PhotoMessages.content), v.maxLength(255, PhotoMessages.content)))),
    extension: v.optional(v.nullable(v.string(PhotoMessages.content))),
    mimeType: v.optional(v.nullable(v.string(PhotoMessages.content))),
    content: v.pipe(v.string(PhotoMessages.content), v.nonEmpty(PhotoMessages.content)),
  },
  PhotoMessages.content,
);
export type PhotoFile = v.InferOutput<typeof PhotoFileSchema>;

/** A signed photo link's query: expiry (unix seconds), the user it was issued to, and the HMAC. */
export const PhotoLinkQuerySchema = v.object(
  {
    exp: v.pipe(v.string(PhotoMessages.invalidLink), v.regex(/^\d{1,12}$/, PhotoMessages.invalidLink)),
    u: v.pipe(v.string(PhotoMessages.invalidLink), v.uuid(PhotoMessages.invalidLink)),
    sig: v.pipe(v.string(PhotoMessages.invalidLink), v.regex(/^[A-Za-z0-9_-]{43}$/, PhotoMessages.invalidLink)),
  },
  PhotoMessages.invalidLink,
);
