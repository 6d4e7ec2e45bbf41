export const PRODUCT_NAME = 'Portón';
export const LOCALE = 'es-MX';
/** Default list page size. */
export const PAGE_SIZE = 15;
export const INTEGRATOR_PAGE_WINDOW = 6;
export const USER_PAGE_WINDOW = 5;
/** `contains` search uses the trigram index from this many characters on. */
export const MIN_TRIGRAM_SEARCH = 3;
export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const REGISTRATION_TICKET_TTL_HOURS = 72;
