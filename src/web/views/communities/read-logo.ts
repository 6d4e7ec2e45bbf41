import type { PickedFile } from '../../../../machines/platform/form-screen.machine.js';
import { base64Of, fileNameParts } from '../../../shared/communities/logo-rules.js';

/** Reads a picked image: a data URL for the preview, base64 without prefix for the server. */
export async function readLogoFile(picked: PickedFile) {
  const file = picked as PickedFile & Blob;
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  const { name, extension } = fileNameParts(file.name);
  return { preview: dataUrl, file: { uuid: null, name, extension, mimeType: file.type, content: base64Of(dataUrl) } };
}
