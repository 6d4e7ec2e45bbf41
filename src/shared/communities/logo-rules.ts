import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from './community.schema.js';

/**
 * Why a picked logo cannot be sent, or null (jpeg or png). The browser's declared
 * type is only a first check: the server checks the content.
 */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_MESSAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}

/** `data:image/png;base64,AAAA` → `AAAA`: the server expects base64 without the prefix. */
export const base64Of = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** File name without its extension, and the extension, as the logo payload carries them. */
export function fileNameParts(name: string) {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { name: name.slice(0, dot), extension: name.slice(dot + 1).toLowerCase() } : { name, extension: '' };
}
