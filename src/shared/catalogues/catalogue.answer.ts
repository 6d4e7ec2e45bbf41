/** Answers of the catalogue calls. Field names are the contract's. */
import * as v from 'valibot';
import { pageOf } from '../platform/answer.schema.js';

export const CommunityRefSchema = v.object({ uuid: v.string(), name: v.string() });

/** Item of `GET api/zones`. `color` is stored as the web sends it (always black). */
export const ZoneAnswerSchema = v.object({
  uuid: v.string(),
  idZone: v.number(),
  name: v.string(),
  color: v.string(),
  idFrac: v.number(),
  testFrac: CommunityRefSchema,
});

export const ZoneRefSchema = v.object({
  uuid: v.string(),
  idZone: v.number(),
  name: v.string(),
  testFrac: CommunityRefSchema,
});

/** Item of `GET api/streets` and `GET api/streets/zones/{zoneUuid}`. */
export const StreetAnswerSchema = v.object({
  uuid: v.string(),
  idStreet: v.number(),
  name: v.string(),
  idZone: v.number(),
  testZone: ZoneRefSchema,
});

export const StreetRefSchema = v.object({
  uuid: v.string(),
  idStreet: v.number(),
  name: v.string(),
  testZone: ZoneRefSchema,
});

/** Item of `GET api/commonareas/complete` and `GET api/commonareas/byfrac`. */
export const CommonAreaAnswerSchema = v.object({
  uuid: v.string(),
  idCommonArea: v.number(),
  name: v.string(),
  number: v.string(),
  idStreet: v.number(),
  testStreet: StreetRefSchema,
});

/** Item of `GET api/gates` and `GET api/gates/complete`. */
export const GateAnswerSchema = v.object({
  uuid: v.string(),
  idGate: v.number(),
  name: v.string(),
  idFrac: v.number(),
  testFrac: CommunityRefSchema,
});

/** Item of the name-only catalogues: car brands, colours, provider types. */
export const NamedItemSchema = v.object({ uuid: v.string(), name: v.string() });

/** Item of `GET api/userstypes/`: `idUsersTypes` is the id user payloads carry; system types cannot be deleted. */
export const UserTypeItemSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  idUsersTypes: v.number(),
  system: v.boolean(),
});

/**
 * `GET api/providerTypes`: the contract puts the list under `data`; the same rows are also under
 * `content`, so the shared list screen reads it like every other page.
 */
export const ProviderTypePageSchema = v.object({ ...pageOf(NamedItemSchema).entries, data: v.array(NamedItemSchema) });
