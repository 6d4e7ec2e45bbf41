// Uploads read in a thread (piscina pool in upload-pool.ts), so that neither parsing a
// large JSON body nor decoding an image holds the API's event loop. Plain JavaScript started by
// Node itself; the rules (TypeScript) are loaded with tsx's loader, so this runs the same under
// `npm start`, the tests and the benchmarks.
//
// task { kind: 'json', bytes: Uint8Array } → { ok: true, value } | { ok: false }  (see http/json-body.ts)
// task { kind: 'image', mimeType, bytes, width, height } → { ok: true, bytes } | { ok: false }  (see image-clean.ts)
import { tsImport } from 'tsx/esm/api';

const { cleanImage } = await tsImport('./image-clean.ts', import.meta.url);
const { parseJsonBody } = await tsImport('../http/json-body.ts', import.meta.url);
const utf8 = new TextDecoder();

export default function readUpload(task) {
  if (task.kind === 'json') return parseJsonBody(utf8.decode(task.bytes));
  return cleanImage(task);
}
