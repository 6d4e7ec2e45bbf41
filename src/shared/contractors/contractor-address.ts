/**
 * A contractor's address: the form composes street, number, postal code and city into
 * one `fullAddress`. On create the format is `city, street, #number, C.P.:code`; on update it is
 * `street, #number, CP.code, city`. Both are parsed back into the parts. A city and a number hold
 * no comma (the street may), so each format reads back unambiguously.
 */
export interface AddressParts {
  street: string;
  number: string;
  postalCode: string;
  city: string;
}

export const createFormat = (a: AddressParts) => `${a.city}, ${a.street}, #${a.number}, C.P.:${a.postalCode}`;
export const updateFormat = (a: AddressParts) => `${a.street}, #${a.number}, CP.${a.postalCode}, ${a.city}`;

const CREATE = /^([^,]+), (.+), #([^,]+), C\.P\.:(\d{5})$/;
const UPDATE = /^(.+), #([^,]+), CP\.(\d{5}), ([^,]+)$/;

/** The parts of a `fullAddress` in either format, trimmed; null when it is in neither. */
export function parseFullAddress(fullAddress: string): AddressParts | null {
  const text = fullAddress.trim();
  const created = CREATE.exec(text);
  if (created) return trimmed({ city: created[1], street: created[2], number: created[3], postalCode: created[4] });
  const updated = UPDATE.exec(text);
  if (updated) return trimmed({ street: updated[1], number: updated[2], postalCode: updated[3], city: updated[4] });
  return null;
}

const trimmed = (a: AddressParts): AddressParts => ({
  street: a.street.trim(),
  number: a.number.trim(),
  postalCode: a.postalCode.trim(),
  city: a.city.trim(),
});
