/**
 * Who registered a visit's entry and exit, as the reports show it ('Registró entrada' /
 * 'Registró salida', `userArrival` / `userDeparture`): a user (`visits.registered_by`,
 * `exit_registered_by`) or a linked device (`entry_device_id`, `exit_device_id`), whose
 * name stands where a person's would. One place on purpose: every report, page and workbook
 * follows it. The visit is aliased `v`.
 */
export const REGISTRAR_JOINS = `LEFT JOIN users ua ON ua.id = v.registered_by
  LEFT JOIN users ud ON ud.id = v.exit_registered_by
  LEFT JOIN devices da ON da.id = v.entry_device_id
  LEFT JOIN devices dd ON dd.id = v.exit_device_id`;

const userName = (alias: string) => `nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;
const userText = (alias: string) => `coalesce(${userName(alias)}, ${alias}.email, ${alias}.vigilant_code)`;
const ref = (user: string, device: string) =>
  `CASE WHEN ${user}.id IS NOT NULL THEN json_build_object('uuid', ${user}.uuid, 'name', coalesce(${userText(user)}, ''))
        WHEN ${device}.id IS NOT NULL THEN json_build_object('uuid', ${device}.uuid, 'name', ${device}.name)
        ELSE NULL END`;

/** `{ uuid, name }` of whoever registered the entry / the exit (user or device), or null. */
export const ENTRY_REGISTRAR_JSON = ref('ua', 'da');
export const EXIT_REGISTRAR_JSON = ref('ud', 'dd');
/** The same as text for a workbook cell (null when nobody is recorded). */
export const ENTRY_REGISTRAR_TEXT = `coalesce(${userText('ua')}, da.name)`;
export const EXIT_REGISTRAR_TEXT = `coalesce(${userText('ud')}, dd.name)`;
