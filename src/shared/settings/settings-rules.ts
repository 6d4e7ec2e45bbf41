/**
 * The community settings of 'Ajustes' (Settings, Frac settings):
 * the choices, the defaults, the texts and the toggle rules of the guard-app search options.
 */

export const SettingsTexts = {
  title: 'Ajustes',
  edit: 'Editar',
  cancel: 'Cancelar',
  save: 'Guardar',
  saved: 'La configuración ha sido guardada',
  failedTitle: 'Ha ocurrido un error',
  failed: 'Por favor comuniquese con soporte',
  loadFailed: 'No fue posible cargar la configuración',
  emptyMessage: 'El mensaje no puede ser vacío, por favor establece un mensaje para tus invitaciones',
  longMessage: 'El mensaje admite como máximo 80 caracteres.',
  invitationValidity: 'Selecciona una vigencia de 8, 12 o 24 horas.',
  frequentValidity: 'Selecciona una vigencia de 1 semana, 2 semanas, 1 mes, 3 meses, 6 meses o 1 año.',
  folioRequired: 'Obligatorio',
} as const;

/** The invitation message's length limit. */
export const INVITATION_MESSAGE_MAX = 80;
export const DEFAULT_INVITATION_MESSAGE = '¡Hola! Te invito a generar tu código de acceso para visitarme.';
export const INVITATION_VALIDITY_HOURS = [8, 12, 24] as const;
export const DEFAULT_INVITATION_VALIDITY = 12;
export type ChronoUnit = 'WEEKS' | 'MONTHS' | 'YEARS';
/** The frequent-visit choices as (unit, amount) pairs, with their labels; the first is the default. */
export const FREQUENT_VALIDITY_CHOICES = [
  { unit: 'WEEKS', amount: 1, label: '1 semana' },
  { unit: 'WEEKS', amount: 2, label: '2 semanas' },
  { unit: 'MONTHS', amount: 1, label: '1 mes' },
  { unit: 'MONTHS', amount: 3, label: '3 meses' },
  { unit: 'MONTHS', amount: 6, label: '6 meses' },
  { unit: 'YEARS', amount: 1, label: '1 año' },
] as const satisfies readonly { unit: ChronoUnit; amount: number; label: string }[];
export const isFrequentChoice = (unit: unknown, amount: unknown) =>
  FREQUENT_VALIDITY_CHOICES.some((c) => c.unit === unit && c.amount === Number(amount));
/** The select's value of a frequent-visit choice ('WEEKS:1'). */
export const frequentChoiceKey = (unit: string, amount: number) => `${unit}:${amount}`;

/** The guard app's search options that 'Todo' sets or clears. */
export const SEARCH_OPTIONS = [
  'searchName',
  'searchAddress',
  'searchAction',
  'searchPlace',
  'searchCommonArea',
] as const;
export type SearchOption = (typeof SEARCH_OPTIONS)[number];
/** Options that hang on the address: turning the address off clears them. */
export const ADDRESS_DEPENDENT: readonly SearchOption[] = ['searchPlace', 'searchCommonArea'];
/** The guard app's visibility options. */
export const VIEW_OPTIONS = [
  'viewResidentName',
  'viewVisitAddress',
  'viewResidentAddress',
  'viewResidentNumber',
] as const;
export type ViewOption = (typeof VIEW_OPTIONS)[number];

export const OptionLabels: Record<SearchOption | ViewOption | 'visitorSearch' | 'folioRequired', string> = {
  searchName: 'Nombre',
  searchAddress: 'Dirección',
  searchAction: 'No. acción',
  searchPlace: 'Lugar',
  searchCommonArea: 'Área común',
  viewResidentName: 'Nombre del residente',
  viewVisitAddress: 'Dirección de la visita',
  viewResidentAddress: 'Dirección del residente',
  viewResidentNumber: 'Número del residente',
  visitorSearch: 'Búsqueda de visitantes',
  folioRequired: 'Uso de folio',
};

export interface CommunitySettings {
  uuid: string;
  folioRequired: boolean;
  visitorSearch: boolean;
  searchName: boolean;
  searchAddress: boolean;
  searchAction: boolean;
  searchPlace: boolean;
  searchCommonArea: boolean;
  viewResidentName: boolean;
  viewVisitAddress: boolean;
  viewResidentAddress: boolean;
  viewResidentNumber: boolean;
  invitationValidity: number;
  invitationMessage: string;
  frequentInvitationChronoUnit: ChronoUnit;
  frequentInvitationValidity: number;
}
export type SettingsValues = Omit<CommunitySettings, 'uuid'>;

/** 'Todo' shows as on only when all five search options are on. */
export const isAllSearch = (s: Pick<SettingsValues, SearchOption>) => SEARCH_OPTIONS.every((k) => s[k]);

/** 'Todo' toggled: every search option takes its value. */
export function withAllSearch<S extends Pick<SettingsValues, SearchOption>>(s: S, on: boolean): S {
  return { ...s, ...Object.fromEntries(SEARCH_OPTIONS.map((k) => [k, on])) };
}

/** One option toggled; turning the address off also clears place and common area. */
export function withOption<S extends SettingsValues>(s: S, name: keyof SettingsValues, value: boolean): S {
  const next = { ...s, [name]: value };
  if (name === 'searchAddress' && !value) for (const k of ADDRESS_DEPENDENT) next[k] = false;
  return next;
}

/** The message counter 'n/80'. */
export const messageCounter = (text: string) => `${text.length}/${INVITATION_MESSAGE_MAX}`;
