import { failureDescription, isApiFailure } from '../platform/api-failure.js';
import { UserMessages } from './user.schema.js';
import { CONTRACTOR_BLOCKED } from './user-types-allowed.js';

/** Title and detail of a dialog of the users screen (title, detail, 'Aceptar'). */
export interface DialogText {
  title: string;
  detail: string;
}

export const USER_CREATE_ERROR_TITLE = 'Error al dar de alta';
export const USER_EDIT_ERROR_TITLE = 'Error al editar usuario';
export const USER_DELETE_ERROR_TITLE = 'Error al eliminar usuario';
export const SERVER_ERROR_DETAIL = 'Error interno del servidor';

export const DuplicateDialogs = {
  email: { title: 'El correo ya existe', detail: 'Es posible que este correo ya esté registrado.' },
  code: { title: 'El código ya existe', detail: 'Es posible que este código ya esté registrado.' },
  emailGone: {
    title: 'Correo no disponible',
    detail: 'Este correo pertenece a un usuario eliminado; usa otro correo.',
  },
  codeGone: { title: 'Código no disponible', detail: 'Este código pertenece a un usuario eliminado; usa otro código.' },
} as const satisfies Record<string, DialogText>;

/** Whether a 409/410 is about the guard code: the field the server marks, or its description. */
function concernsCode(fields: Record<string, string> | undefined, description: string): boolean {
  if (fields && Object.keys(fields).some((key) => key.endsWith('vigilantCode'))) return true;
  if (fields && Object.keys(fields).some((key) => key.endsWith('email'))) return false;
  return /c[oó]digo/i.test(description);
}

/**
 * The dialog of a failed save of the users form: 409 'El correo ya existe' /
 * 'El código ya existe', 410 'Correo no disponible' / 'Código no disponible', the contractor
 * refusal 'Accion no permitida', otherwise 'Error al dar de alta' (create) or 'Error al editar
 * usuario' (edit) with the server's error_description, 'Error interno del servidor' by default.
 */
export function userSaveErrorDialog(error: unknown, mode: 'create' | 'edit'): DialogText {
  const title = mode === 'create' ? USER_CREATE_ERROR_TITLE : USER_EDIT_ERROR_TITLE;
  if (!isApiFailure(error) || error.kind === 'network')
    return { title, detail: failureDescription(error, SERVER_ERROR_DETAIL) };
  const { status, body } = error;
  const description = body.error_description?.trim() ?? '';
  if (description === CONTRACTOR_BLOCKED.title) return { ...CONTRACTOR_BLOCKED };
  if (status === 409 || status === 410) {
    const code = concernsCode(body.fields, description);
    if (status === 409) return { ...(code ? DuplicateDialogs.code : DuplicateDialogs.email) };
    return { ...(code ? DuplicateDialogs.codeGone : DuplicateDialogs.emailGone) };
  }
  return { title, detail: description || SERVER_ERROR_DETAIL };
}

/** The dialog of a failed delete: 'Error al eliminar usuario' with the server's reason. */
export function userDeleteErrorDialog(error: unknown): DialogText {
  return { title: USER_DELETE_ERROR_TITLE, detail: failureDescription(error, SERVER_ERROR_DETAIL) };
}

/**
 * The dialog of a submit the form refuses (the specification pairs a title with the guard code and
 * email messages); any other field: the form pattern's 'Error' / 'Por favor, corrige los campos indicados.'.
 */
export function userInvalidDialog(errors: Record<string, string>): DialogText {
  if (errors.vigilantCode === UserMessages.code) return { title: UserMessages.codeTitle, detail: UserMessages.code };
  if (errors.email === UserMessages.email) return { title: UserMessages.emailTitle, detail: UserMessages.email };
  return { title: 'Error', detail: 'Por favor, corrige los campos indicados.' };
}

/** '¡Correcto!' after a save; a new user with an email gets the link to choose a password. */
export function userSavedDialog(result: unknown, mode: 'create' | 'edit'): DialogText {
  if (mode === 'edit') return { title: '¡Correcto!', detail: 'El usuario se actualizó correctamente.' };
  const created = Array.isArray(result) ? (result[0] as { email?: string | null } | undefined) : undefined;
  return {
    title: '¡Correcto!',
    detail: created?.email
      ? `El usuario se registró correctamente. Enviamos a ${created.email} el enlace para elegir su contraseña.`
      : 'El usuario se registró correctamente.',
  };
}
