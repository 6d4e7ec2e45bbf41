import { catalogueActions, type CatalogueKind } from '../../../shared/catalogues/catalogue-permissions.js';
import { useSessionUser } from '../session/session-context.js';

/** What the signed-in role may do on a catalogue (the rule lives in src/shared). */
export function useCatalogueActions(kind: CatalogueKind) {
  return catalogueActions(kind, useSessionUser()?.roleKey);
}
