import * as v from 'valibot';
import { missingKeyMessage } from '../users/user.schema.js';
import { PhotoFileSchema } from './visit-photo.schema.js';

/** Visitor types with their labels. */
export const VisitantTypeLabel = {
  VISITANT: 'Visitante',
  EMPLOYEE: 'Empleado',
  PROVIDER: 'Proveedor',
  MASSIVE_EVENT: 'Evento masivo',
  FREQUENT: 'Visita frecuente',
} as const;
export type VisitantType = keyof typeof VisitantTypeLabel;
export const VISITANT_TYPES = Object.keys(VisitantTypeLabel) as VisitantType[];

export const ACCESS_MODES = ['QR', 'MANUAL'] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];

export const VisitMessages = {
  firstName: 'El nombre del visitante es obligatorio.',
  text: 'El texto es demasiado largo.',
  visitantType: 'El tipo de visitante no es válido.',
  accessMode: 'El modo de acceso debe ser QR o MANUAL.',
  gate: 'La puerta de acceso no es válida.',
  resident: 'El residente no es válido.',
  comments: 'Los comentarios deben tener como máximo 500 caracteres.',
  gateNotFound: 'La puerta de acceso no existe.',
  residentNotFound: 'El residente no existe.',
  providerType: 'El tipo de proveedor no es válido.',
  providerTypeNotFound: 'El tipo de proveedor no existe.',
  notFound: 'La visita no existe.',
  alreadyOut: 'La salida de esta visita ya fue registrada.',
  invalid: 'Los datos de la visita no son válidos.',
} as const;
const M = VisitMessages;

const optionalText = (max: number, message: string = M.text) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(message),
        v.trim(),
        v.maxLength(max, message),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  );
const optionalUuid = (message: string) => v.optional(v.nullable(v.pipe(v.string(message), v.uuid(message))), null);

/** Body of `POST /api/visitants`: an entry registered by a guard (or, later, a linked device). */
export const RegisterVisitSchema = v.object(
  {
    firstName: v.pipe(v.string(M.firstName), v.trim(), v.nonEmpty(M.firstName), v.maxLength(64, M.text)),
    lastName: v.optional(v.pipe(v.string(M.text), v.trim(), v.maxLength(64, M.text)), ''),
    /** Who authorised the visit. */
    accredited: optionalText(128),
    visitantType: v.optional(v.picklist(VISITANT_TYPES, M.visitantType), 'VISITANT'),
    accessMode: v.picklist(ACCESS_MODES, M.accessMode),
    /** Entry gate: uuid of a gate of the community. */
    gateUuid: optionalUuid(M.gate),
    /** Resident visited: uuid of a resident of the community. */
    residentUuid: optionalUuid(M.resident),
    carbrand: optionalText(64),
    color: optionalText(64),
    plate: optionalText(16),
    comments: optionalText(500, M.comments),
    /** A PROVIDER's type: uuid of a provider type of the community (providerTypeId). */
    providerTypeId: optionalUuid(M.providerType),
    /** The identification photo (file): JPEG or PNG in base64, private. */
    file: v.optional(v.nullable(PhotoFileSchema), null),
  },
  missingKeyMessage({ firstName: M.firstName, accessMode: M.accessMode }, M.invalid),
);
export type RegisterVisit = v.InferOutput<typeof RegisterVisitSchema>;

/** Body of `PUT /api/visitants/{uuid}/exit`: optionally the departure gate. */
export const RegisterExitSchema = v.nullish(v.object({ gateUuid: optionalUuid(M.gate) }, M.invalid), {});
