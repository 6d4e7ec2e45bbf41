import {
  GLOBAL_CATALOGUE_EDITORS,
  LOCATION_DELETERS,
  LOCATION_EDITORS,
  PROVIDER_TYPE_EDITORS,
} from './catalogue-access.js';
import type { Role } from '../platform/roles.js';

/**
 * Which catalogue actions a role is offered. Built from the same role
 * lists the server's routes use as `access`, so a button shown is a call the server accepts.
 */
export type CatalogueKind =
  /** Gates, zones, streets, common areas: community staff; the Capturista never deletes. */
  | 'location'
  /** 'Proveedores': the community administrator. */
  | 'providerType'
  /** User types, car brands, colours: the general administrator only. */
  | 'global';

export interface CatalogueActions {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

const editors: Record<CatalogueKind, readonly Role[]> = {
  location: LOCATION_EDITORS,
  providerType: PROVIDER_TYPE_EDITORS,
  global: GLOBAL_CATALOGUE_EDITORS,
};
const deleters: Record<CatalogueKind, readonly Role[]> = {
  location: LOCATION_DELETERS,
  providerType: PROVIDER_TYPE_EDITORS,
  global: GLOBAL_CATALOGUE_EDITORS,
};

export function catalogueActions(kind: CatalogueKind, role: Role | null | undefined): CatalogueActions {
  if (!role) return { canAdd: false, canEdit: false, canDelete: false };
  const edit = editors[kind].includes(role);
  return { canAdd: edit, canEdit: edit, canDelete: deleters[kind].includes(role) };
}
