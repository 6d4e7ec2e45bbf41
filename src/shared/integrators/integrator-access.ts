/** Texts and rule of the integrator's enable/disable action. */

export interface AccessTarget {
  uuid: string;
  name: string;
  enabled: boolean;
}

/** Full name shown in the confirmations and the list. */
export const integratorFullName = (i: { name: string; lastName?: string | null }) =>
  `${i.name} ${i.lastName ?? ''}`.trim();

/** An enabled integrator shows a green 'A' that disables; a disabled one a red 'N/A' that enables. */
export function accessButtonOf(enabled: boolean) {
  return enabled
    ? { text: 'A', action: 'Desactivar', colorPalette: 'green' as const }
    : { text: 'N/A', action: 'Activar', colorPalette: 'red' as const };
}

export function accessPromptOf(target: AccessTarget) {
  return target.enabled
    ? {
        title: `¿Estás seguro de deshabilitar el acceso de ${target.name}?`,
        detail: 'Al deshabilitar este integrador, se deshabilitarán los accesos de sus fraccionamientos',
        confirmText: 'Desactivar',
      }
    : {
        title: `¿Estás seguro de habilitar el acceso de ${target.name}?`,
        detail: 'Al habilitar este integrador, se reanudarán los accesos a sus fraccionamientos',
        confirmText: 'Activar',
      };
}

/** A community's licence state as the access toggle sees it: enabled while its licence is current. */
export const communityAccessRow = <C extends { licenseExpired: boolean }>(c: C) => ({
  ...c,
  enabled: !c.licenseExpired,
});

/** The community list's enable/disable: a green 'A' disables (licence expired), a red 'N/A' enables. */
export function communityAccessPromptOf(target: AccessTarget) {
  return target.enabled
    ? {
        title: `¿Estás seguro de deshabilitar ${target.name}?`,
        detail:
          'Al deshabilitar este fraccionamiento, sus residentes y su personal no podrán iniciar sesión y sus sesiones abiertas terminarán',
        confirmText: 'Desactivar',
      }
    : {
        title: `¿Estás seguro de habilitar ${target.name}?`,
        detail: 'Al habilitar este fraccionamiento, se reanudarán los accesos de sus residentes y su personal',
        confirmText: 'Activar',
      };
}

/**
 * The list's 'Dirección': street, '#' and the numbers, colony, city, state.
 * Example: 'Av. Insurgentes Sur #1450 int. 3, Del Valle Centro, Benito Juárez, Ciudad de México'.
 */
export function addressLineOf(a: {
  street?: string | null;
  number?: string | null;
  intNumber?: string | null;
  address?: { colony: string; city: string; state: string } | null;
}) {
  const numbers = [a.number ? `#${a.number}` : '', a.intNumber ? `int. ${a.intNumber}` : ''].filter(Boolean).join(' ');
  const street = [a.street ?? '', numbers].filter(Boolean).join(' ');
  return [street, a.address?.colony, a.address?.city, a.address?.state].filter(Boolean).join(', ');
}
