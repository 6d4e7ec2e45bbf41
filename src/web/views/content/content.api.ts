import type { Page } from '../../../shared/platform/api-types.js';
import type { ContentKind } from '../../../shared/content/content-rules.js';
import type { ResidentOption } from '../../../shared/residents/resident-types.js';
import type { ContentAnswer } from '../../../shared/content/content.answer.js';
import type { ContentImage } from '../../../shared/content/content.schema.js';
import { api, listQuery } from '../../platform/api/client.js';

/** A listed post (the shared list reads `uuid`; the delete confirmation names its title). */
export type ContentRow = ContentAnswer & { [key: string]: unknown };

/** The calls of one content kind : `api/notices`, `api/newsletters`, `api/promotions`. */
export function contentApi(kind: ContentKind) {
  const base = `/api/${kind}`;
  const at = (uuid: string) => `${base}/${encodeURIComponent(uuid)}`;
  /** The form's values as the body: `file` only when it changes (a new image, or null to remove it). */
  const body = (values: unknown, file: ContentImage | null | undefined) => ({
    ...(values as object),
    ...(file === undefined ? {} : { file }),
  });
  return {
    list: (q: { page: number; size: number; search: string }) => api.get<Page<ContentRow>>(`${base}?${listQuery(q)}`),
    get: (uuid: string) => api.get<ContentAnswer>(at(uuid)),
    create: (values: unknown, file?: ContentImage | null) => api.post<ContentAnswer>(base, body(values, file)),
    update: (uuid: string, values: unknown, file?: ContentImage | null) =>
      api.put<ContentAnswer>(at(uuid), body(values, file)),
    remove: (uuid: string) => api.del<void>(at(uuid)),
    /** The image's `publicUrl` is a signed, short-lived link of the reader's: an `<img>` loads it as it is. */
    image: async (publicUrl: string) => publicUrl,
  };
}
export type ContentApi = ReturnType<typeof contentApi>;

/** `GET api/residents/streets/{streetUuid}`: the active residents of a street (the notice's resident selector). */
export const residentsOfStreet = (streetUuid: string) =>
  api.get<ResidentOption[]>(`/api/residents/streets/${encodeURIComponent(streetUuid)}`);
