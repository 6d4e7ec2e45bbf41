/**
 * Construction workers' input: the worker form, the
 * administrator's create and update, and the contractor's request pass these rules.
 */
import * as v from 'valibot';
import { WORKER_NAME_MAX } from './worker-rules.js';
import { INVALID_ID, INVALID_RECORD, required } from '../catalogues/catalogue.schema.js';
import { UuidRefSchema } from '../massive-events/massive-event.schema.js';

export const WorkerFormMessages = {
  firstName: 'El nombre es obligatorio.',
  firstNameLength: `El nombre debe tener como máximo ${WORKER_NAME_MAX} caracteres.`,
  lastName: 'Los apellidos son obligatorios.',
  lastNameLength: `Los apellidos deben tener como máximo ${WORKER_NAME_MAX} caracteres.`,
  construction: 'Selecciona una obra.',
  photo: 'La fotografía es obligatoria.',
  identification: 'La identificación oficial es obligatoria.',
  proofOfAddress: 'El comprobante de domicilio es obligatorio.',
  file: 'El archivo enviado no es válido.',
  workers: 'Agrega por lo menos a un trabajador.',
  tooMany: 'Se pueden solicitar como máximo 10 trabajadores a la vez.',
} as const;
const M = WorkerFormMessages;

/** Most workers one request carries (the body limit of 12 MB caps it further). */
export const MAX_WORKERS_PER_REQUEST = 10;

/** A file sent in base64 ('File payload'), or an unchanged stored one as `{ uuid }`. */
export const WorkerFileSchema = (message: string) =>
  required(
    v.union(
      [
        v.object({
          name: v.optional(v.pipe(v.string(M.file), v.maxLength(200, M.file)), ''),
          extension: v.optional(v.pipe(v.string(M.file), v.maxLength(10, M.file)), ''),
          mimeType: v.optional(v.pipe(v.string(M.file), v.maxLength(100, M.file)), ''),
          content: v.pipe(v.string(M.file), v.nonEmpty(message)),
        }),
        v.object({ uuid: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }),
      ],
      message,
    ),
    message,
  );
export type WorkerFile = v.InferOutput<ReturnType<typeof WorkerFileSchema>>;

const name = (missing: string, tooLong: string) =>
  required(v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing), v.maxLength(WORKER_NAME_MAX, tooLong)), missing);

/** A worker's own fields and files. */
export const WorkerFieldsSchema = v.object(
  {
    firstName: name(M.firstName, M.firstNameLength),
    lastName: name(M.lastName, M.lastNameLength),
    photo: WorkerFileSchema(M.photo),
    identification: WorkerFileSchema(M.identification),
    proofOfAddress: WorkerFileSchema(M.proofOfAddress),
  },
  INVALID_RECORD,
);
export type WorkerFields = v.InferOutput<typeof WorkerFieldsSchema>;

/** `POST api/constructionWorkers/administrator` and `PUT api/constructionWorkers/{id}/administrator`. */
export const AdminWorkerSchema = v.object(
  {
    ...WorkerFieldsSchema.entries,
    construction: required(UuidRefSchema, M.construction),
  },
  INVALID_RECORD,
);
export type AdminWorkerBody = v.InferOutput<typeof AdminWorkerSchema>;

/** `POST api/constructionWorkerRequests` (the contractor path): a site and its new workers. */
export const WorkerRequestSchema = v.object(
  {
    construction: required(UuidRefSchema, M.construction),
    workers: required(
      v.pipe(
        v.array(WorkerFieldsSchema, M.workers),
        v.minLength(1, M.workers),
        v.maxLength(MAX_WORKERS_PER_REQUEST, M.tooMany),
      ),
      M.workers,
    ),
  },
  INVALID_RECORD,
);

export const WorkerIdParamsSchema = v.object({ id: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }, INVALID_RECORD);
export const ContractorQuerySchema = v.object(
  { contractor: required(v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)), INVALID_ID) },
  INVALID_RECORD,
);
export const ConstructionQuerySchema = v.object(
  { construction: required(v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)), INVALID_ID) },
  INVALID_RECORD,
);
/** `workerLicense?uuid=..&uuid=..`: one or several workers. */
export const LicenseQuerySchema = v.object(
  {
    uuid: required(
      v.pipe(
        v.union([v.string(INVALID_ID), v.array(v.string(INVALID_ID))], INVALID_ID),
        v.transform((u) => (Array.isArray(u) ? u : [u])),
        v.check(
          (list) => list.length > 0 && list.length <= 200 && list.every((u) => v.is(v.pipe(v.string(), v.uuid()), u)),
          INVALID_ID,
        ),
      ),
      INVALID_ID,
    ),
  },
  INVALID_RECORD,
);
/** A document link's token (`GET api/constructionWorkers/file?token=`). */
export const FileTokenQuerySchema = v.object(
  { token: required(v.pipe(v.string(INVALID_ID), v.maxLength(2000, INVALID_ID)), INVALID_ID) },
  INVALID_RECORD,
);
