import type { Page } from './api-types.js';

/** Response shapes of the catalogue calls (spec 3 §3, §7). Field names are the contract's. */

export interface FracRef { uuid: string; name: string }

/** Item of `GET api/zones`. `color` is stored as the web sends it (always black). */
export interface Zone {
  uuid: string;
  idZone: number;
  name: string;
  color: string;
  idFrac: number;
  testFrac: FracRef;
}

export interface ZoneRef { uuid: string; idZone: number; name: string; testFrac: FracRef }

/** Item of `GET api/streets` and `GET api/streets/zones/{zoneUuid}`. */
export interface Street {
  uuid: string;
  idStreet: number;
  name: string;
  idZone: number;
  testZone: ZoneRef;
}

export interface StreetRef { uuid: string; idStreet: number; name: string; testZone: ZoneRef }

/** Item of `GET api/commonareas/complete` and `GET api/commonareas/byfrac`. */
export interface CommonArea {
  uuid: string;
  idCommonArea: number;
  name: string;
  number: string;
  idStreet: number;
  testStreet: StreetRef;
}

/** Item of `GET api/gates` and `GET api/gates/complete`. */
export interface Gate {
  uuid: string;
  idGate: number;
  name: string;
  idFrac: number;
  testFrac: FracRef;
}

/** Item of the name-only catalogues: car brands, colours, provider types. */
export interface NamedItem { uuid: string; name: string }

/** Item of `GET api/userstypes/`: `idUsersTypes` is the id user payloads carry; system types cannot be deleted. */
export interface UserTypeItem extends NamedItem { idUsersTypes: number; system: boolean }

/**
 * `GET api/providerTypes`: the contract puts the list under `data`; the same rows are also under
 * `content`, so the shared list screen reads it like every other page.
 */
export interface ProviderTypePage extends Page<NamedItem> { data: NamedItem[] }
