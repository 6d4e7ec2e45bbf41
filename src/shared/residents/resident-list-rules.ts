/** The residents list's rules, shared by its machines, screen and tests. */
import { ResidentErrorTitles } from './resident-rules.js';

/** An ACTIVE resident can be deactivated; any other can be activated. */
export const statusActionOf = (status: string) =>
  status === 'ACTIVE'
    ? ({ enable: false, label: 'Desactivar', colorPalette: 'orange' } as const)
    : ({ enable: true, label: 'Activar', colorPalette: 'green' } as const);

/** The badge a non-active row carries. */
export const INACTIVE_BADGE = 'Inactivo';

/** The dialog after activating or deactivating: '¡Correcto!' on success, the spec's title on failure. */
export const statusDialogOf = (enable: boolean, name: string, ok: boolean) =>
  ok
    ? { title: '¡Correcto!', detail: `${name} se ${enable ? 'activó' : 'desactivó'} correctamente.` }
    : { title: enable ? ResidentErrorTitles.enable : ResidentErrorTitles.disable, detail: null };

/** A resend answers '¡Correcto!' with the server's description, or this title with its error_description. */
export const RESEND_SUCCESS_TITLE = '¡Correcto!';

/** The edit link of a resident: the form page reads `uuid` from the query string. */
export const residentEditPath = (uuid: string) => `/newResidents?uuid=${encodeURIComponent(uuid)}`;
