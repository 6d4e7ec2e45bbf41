import * as v from 'valibot';
import {
  addressEntries,
  extNumber,
  INVALID_BODY,
  licenceCount,
  NAME_MAX,
  NAME_MESSAGE,
  objectWithMessages,
  postalCode,
  requiredText,
  selectedId,
  tooLong,
} from '../platform/address-fields.schema.js';

/** The administrator dropdown must have a choice ('dropdown shows error'). */
export const ADMINISTRATOR_MESSAGE = 'Por favor, selecciona un administrador';

/** Logo rules (jpeg or png; the size limit is ours). Checked by content on the server. */
export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPE_MESSAGE = 'El logo debe ser una imagen JPEG o PNG.';
export const LOGO_SIZE_MESSAGE = 'El logo no debe pesar más de 2 MB.';
export const LOGO_CONTENT_MESSAGE = 'El contenido del logo no es válido.';

const communityName = () => requiredText(NAME_MESSAGE, NAME_MAX, tooLong('El nombre', NAME_MAX));

/** The 'Alta fraccionamiento' / 'Editar fraccionamiento' form, field by field. */
export const CommunityFormSchema = objectWithMessages(
  {
    name: communityName(),
    cp: postalCode(),
    ...addressEntries,
    extNumber: extNumber(),
    licenseTotal: licenceCount(),
    idUser: selectedId(ADMINISTRATOR_MESSAGE),
    /** A club shows the action number ('No. acción') and the Hostess options. */
    club: v.optional(v.boolean(), false),
  },
  INVALID_BODY,
);
export type CommunityFormInput = v.InferInput<typeof CommunityFormSchema>;
export type CommunityForm = v.InferOutput<typeof CommunityFormSchema>;

/**
 * A logo sent on save: `content` is base64 without the `data:` prefix. Without
 * `content` and with the current `uuid` it means "keep the logo"; `file: null` removes it.
 */
export const LogoFileSchema = v.object(
  {
    uuid: v.optional(v.nullable(v.string(LOGO_CONTENT_MESSAGE))),
    name: v.optional(
      v.nullable(v.pipe(v.string(LOGO_CONTENT_MESSAGE), v.maxLength(255, 'El nombre del archivo es demasiado largo.'))),
    ),
    extension: v.optional(v.nullable(v.string(LOGO_CONTENT_MESSAGE))),
    mimeType: v.optional(v.nullable(v.string(LOGO_CONTENT_MESSAGE))),
    content: v.optional(v.nullable(v.string(LOGO_CONTENT_MESSAGE))),
  },
  LOGO_CONTENT_MESSAGE,
);
export type LogoFile = v.InferOutput<typeof LogoFileSchema>;

/**
 * Body of `POST api/fracs/admin` and `PUT api/fracs/{uuid}`. The administrator is
 * `idUser` or `user.idUser`; `starDate`/`endDate` are sent empty and ignored; `idFile` is echoed
 * by the web on edit and ignored (the `file` field decides the logo).
 */
export const CommunityBodySchema = v.pipe(
  objectWithMessages(
    {
      uuid: v.optional(v.nullable(v.string())),
      name: communityName(),
      cp: postalCode(),
      ...addressEntries,
      extNumber: extNumber(),
      licenseTotal: licenceCount(),
      idUser: v.optional(v.nullable(selectedId(ADMINISTRATOR_MESSAGE))),
      user: v.optional(
        v.nullable(
          v.object({ idUser: v.optional(v.nullable(selectedId(ADMINISTRATOR_MESSAGE))) }, ADMINISTRATOR_MESSAGE),
        ),
      ),
      starDate: v.optional(v.unknown()),
      endDate: v.optional(v.unknown()),
      idFile: v.optional(v.unknown()),
      file: v.optional(v.nullable(LogoFileSchema)),
      /** Whether the community is a club; absent keeps what it is. */
      club: v.optional(v.nullable(v.boolean('Valor no válido.'))),
    },
    INVALID_BODY,
  ),
  v.forward(
    v.partialCheck(
      [['idUser'], ['user', 'idUser']],
      (b) => (b.idUser ?? b.user?.idUser) != null,
      ADMINISTRATOR_MESSAGE,
    ),
    ['idUser'],
  ),
  v.transform(({ user, idUser, ...rest }) => ({ ...rest, idUser: (idUser ?? user?.idUser) as number })),
);
export type CommunityBodyInput = v.InferInput<typeof CommunityBodySchema>;
export type CommunityBody = v.InferOutput<typeof CommunityBodySchema>;

/** The body the web sends for a filled form; `file` only when a logo was picked or removed. */
export function communityBodyOf(form: CommunityForm, file?: LogoFile | null): CommunityBodyInput {
  return {
    name: form.name,
    cp: form.cp,
    city: form.city,
    state: form.state,
    idAddress: form.idAddress,
    street: form.street,
    extNumber: form.extNumber,
    intNumber: form.intNumber,
    idUser: form.idUser,
    licenseTotal: form.licenseTotal,
    starDate: '',
    endDate: '',
    user: { idUser: form.idUser },
    club: form.club,
    ...(file === undefined ? {} : { file }),
  };
}
