import * as v from 'valibot';

/** Catalogue names are 3 to 64 characters; the invalid text begins 'Asigna un nombre'. */
export const CATALOGUE_NAME_MESSAGE = 'Asigna un nombre de 3 a 64 caracteres.';
export const NAME_MIN = 3;
export const NAME_MAX = 64;
export const INVALID_ID = 'Identificador no válido.';
export const INVALID_RECORD = 'El registro enviado no es válido.';
/** Most items a list-of-one create body may carry at once. */
export const MAX_ITEMS_PER_CREATE = 50;

/**
 * A required field whose absence reports `message` too: valibot words a missing object key in
 * English ('Invalid key'). A default (that yields undefined) makes valibot run the field's own
 * pipe for a missing key, and the check then reports the field's message.
 */
export const required = <S extends v.GenericSchema>(schema: S, message: string) =>
  v.pipe(
    v.optional(schema, () => undefined),
    v.check((value) => value !== undefined, message),
    v.transform((value) => value as NonNullable<v.InferOutput<S>>),
  );

/** Trimmed name of 3 to 64 characters, with the given message. */
export const nameOf = (message: string) =>
  required(
    v.pipe(v.string(message), v.trim(), v.minLength(NAME_MIN, message), v.maxLength(NAME_MAX, message)),
    message,
  );

/** Modal of gates, user types, car brands, colours and provider types. */
export const CatalogueNameSchema = v.object({ name: nameOf(CATALOGUE_NAME_MESSAGE) }, INVALID_RECORD);
export type CatalogueName = v.InferOutput<typeof CatalogueNameSchema>;

/** Create bodies are "a list of one"; several items are created all or none. */
export const listOf = <S extends v.GenericSchema>(item: S) =>
  v.pipe(
    v.array(item, 'Se esperaba una lista de registros.'),
    v.minLength(1, 'Envía al menos un registro.'),
    v.maxLength(MAX_ITEMS_PER_CREATE, `Envía como máximo ${MAX_ITEMS_PER_CREATE} registros a la vez.`),
  );

/** An item of a list of names: a plain name (`"Rojo"`) or `{ name }`, read as `{ name }`. */
export const NameOrCatalogueNameSchema = v.pipe(
  v.union(
    [
      v.pipe(
        v.string(CATALOGUE_NAME_MESSAGE),
        v.trim(),
        v.minLength(NAME_MIN, CATALOGUE_NAME_MESSAGE),
        v.maxLength(NAME_MAX, CATALOGUE_NAME_MESSAGE),
      ),
      CatalogueNameSchema,
    ],
    // The name's own message when one option's type matched (a short name, plain or `{ name }`).
    (issue) =>
      (issue.issues as v.BaseIssue<unknown>[] | undefined)?.find((sub) => sub.kind !== 'schema')?.message ??
      INVALID_RECORD,
  ),
  v.transform((item): CatalogueName => (typeof item === 'string' ? { name: item } : item)),
);

/** Body of `POST api/userstypes`, `api/carbrands`, `api/colors`: a list of names, each `"Rojo"` or `{ "name": "Rojo" }`. */
export const CreateCatalogueSchema = listOf(NameOrCatalogueNameSchema);

/** Body of the PUT calls: `name`, plus the `uuid` some clients echo (the path wins). */
export const UpdateCatalogueSchema = v.object(
  {
    uuid: v.optional(v.string()),
    name: nameOf(CATALOGUE_NAME_MESSAGE),
  },
  INVALID_RECORD,
);

/** Body of `POST` and `PUT api/gates`: name, plus `idFrac` (the session's community always wins). */
export const GateSchema = v.object(
  {
    uuid: v.optional(v.string()),
    name: nameOf(CATALOGUE_NAME_MESSAGE),
    idFrac: v.optional(v.unknown()),
  },
  INVALID_RECORD,
);
export const CreateGateSchema = listOf(GateSchema);

/** A reference to a row by its numeric id (`idZone`, `idStreet`), as a number or digit string. */
export const idRef = (message: string) =>
  required(
    v.union(
      [
        v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message)),
        v.pipe(
          v.string(message),
          v.regex(/^\d{1,10}$/, message),
          v.transform(Number),
          v.minValue(1, message),
          v.maxValue(2_147_483_647, message),
        ),
      ],
      message,
    ),
    message,
  );

/** `{uuid}` path parameter. */
export const UuidParamsSchema = v.object({ uuid: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }, INVALID_RECORD);
