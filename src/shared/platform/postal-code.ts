/** The postal-code rule, in one place: exactly five digits. */
export const POSTAL_CODE_PATTERN = /^\d{5}$/;

/** What a postal-code field holds, as text without surrounding spaces. */
export const postalCodeOf = (value: unknown) => String(value ?? '').trim();

/** A postal code complete enough to look up its colonies. */
export const isPostalCodeComplete = (value: unknown) => POSTAL_CODE_PATTERN.test(postalCodeOf(value));
