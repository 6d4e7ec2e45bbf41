/**
 * Who registered a visit's entry and exit, as the reports show it ('Registró entrada' /
 * 'Registró salida', `userArrival` / `userDeparture`). One place on purpose: today a visit is
 * registered by a user (`visits.registered_by`, `exit_registered_by`); when linked devices
 * register visits too (`entry_device_id`, `exit_device_id`), extend the joins and the name here
 * (e.g. `coalesce(<user name>, <device name>)`) and every report, page and workbook follows.
 * The visit is aliased `v`.
 */
export const REGISTRAR_JOINS = `LEFT JOIN users ua ON ua.id = v.registered_by
  LEFT JOIN users ud ON ud.id = v.exit_registered_by`;

const userName = (alias: string) => `nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;
const ref = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('uuid', ${alias}.uuid, 'name', coalesce(${userName(alias)}, ${alias}.email, ${alias}.vigilant_code, '')) END`;

/** `{ uuid, name }` of whoever registered the entry / the exit, or null. */
export const ENTRY_REGISTRAR_JSON = ref('ua');
export const EXIT_REGISTRAR_JSON = ref('ud');
/** The same as text for a workbook cell (null when nobody is recorded). */
export const ENTRY_REGISTRAR_TEXT = `coalesce(${userName('ua')}, ua.email, ua.vigilant_code)`;
export const EXIT_REGISTRAR_TEXT = `coalesce(${userName('ud')}, ud.email, ud.vigilant_code)`;
