/**
 * One row of the residents' workbook as a resident: the columns mapped to the
 * form's fields and validated by the shared ResidentSchema, so the rules are the form's; zone and
 * street are names, found case-insensitively among the caller's community's zones and streets.
 */
import * as v from 'valibot';
import { fieldErrors } from '../../shared/platform/form-validation.js';
import { ResidentSchema } from '../../shared/residents/resident.schema.js';
import type { Queryable } from '../platform/db/db.js';
import type { NewResident } from './resident-writes.js';

export const ImportRowMessages = {
  zoneRequired: 'La zona es obligatoria.',
  streetRequired: 'La calle es obligatoria.',
  zoneUnknown: (zone: string) => `La zona "${zone}" no existe en el fraccionamiento.`,
  streetUnknown: (street: string, zone: string) => `La calle "${street}" no existe en la zona "${zone}".`,
  flag: (column: string) => `La columna "${column}" debe decir SI o NO.`,
  duplicate: 'El correo está repetido en el archivo.',
} as const;

/** The community's zones by lower-cased name, each with its streets by lower-cased name. */
export type AddressBook = Map<string, Map<string, number>>;

export async function loadAddressBook(q: Queryable, communityId: number): Promise<AddressBook> {
  const rows = await q.query<{ zone: string; street: string | null; id: number | null }>(
    `SELECT z.name AS zone, s.name AS street, s.id FROM zones z LEFT JOIN streets s ON s.zone_id = z.id AND s.community_id = z.community_id
      WHERE z.community_id = $1`,
    [communityId],
  );
  const book: AddressBook = new Map();
  for (const r of rows) {
    const key = r.zone.trim().toLowerCase();
    const streets = book.get(key) ?? new Map<string, number>();
    book.set(key, streets);
    if (r.street !== null && r.id !== null) streets.set(r.street.trim().toLowerCase(), r.id);
  }
  return book;
}

const norm = (s: string) => s.trim().toLowerCase();

/** 'SI'/'SÍ' → true, 'NO' or empty → false; anything else is not a flag. */
function flag(text: string): boolean | null {
  const t = norm(text)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  if (t === 'si') return true;
  if (t === 'no' || t === '') return false;
  return null;
}

export type RowOutcome = { ok: true; resident: NewResident } | { ok: false; reason: string };

/**
 * The resident a row describes, or every reason it fails in Spanish (joined). Columns, in order:
 * RESIDENT_IMPORT_HEADERS.
 */
export function residentFromRow(cells: string[], book: AddressBook, headers: readonly string[]): RowOutcome {
  const [firstName, lastName, email, zone, street, number, intNumber, action, useapp, notresident, ...phoneCells] =
    cells;
  const reasons: string[] = [];
  let idStreet: number | null = null;
  if (!norm(zone)) reasons.push(ImportRowMessages.zoneRequired);
  else if (!book.has(norm(zone))) reasons.push(ImportRowMessages.zoneUnknown(zone.trim()));
  else if (!norm(street)) reasons.push(ImportRowMessages.streetRequired);
  else {
    idStreet = book.get(norm(zone))!.get(norm(street)) ?? null;
    if (idStreet === null) reasons.push(ImportRowMessages.streetUnknown(street.trim(), zone.trim()));
  }
  const useappFlag = flag(useapp);
  const notresidentFlag = flag(notresident);
  if (useappFlag === null) reasons.push(ImportRowMessages.flag(headers[8]));
  if (notresidentFlag === null) reasons.push(ImportRowMessages.flag(headers[9]));
  const parsed = v.safeParse(ResidentSchema, {
    firstName,
    lastName,
    email,
    idStreet: idStreet ?? 1,
    number,
    intNumber,
    action,
    useapp: useappFlag ?? false,
    notresident: notresidentFlag ?? false,
    phones: phoneCells.filter((p) => p.trim() !== '').map((phone) => ({ phone })),
  });
  if (!parsed.success) reasons.unshift(...new Set(Object.values(fieldErrors(parsed.issues))));
  if (reasons.length || !parsed.success) return { ok: false, reason: reasons.join(' ') };
  const r = parsed.output;
  return {
    ok: true,
    resident: {
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      idStreet: r.idStreet,
      number: r.number,
      intNumber: r.intNumber,
      action: r.action,
      useapp: r.useapp,
      notresident: r.notresident,
      phones: r.phones.map((p) => p.phone),
    },
  };
}
