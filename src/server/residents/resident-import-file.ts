/**
 * The uploaded file of the residents' import, checked by content before any Excel parser reads
 * it: an .xlsx is a zip (`PK\x03\x04`) holding
 * `[Content_Types].xml` (else 415); its size and its uncompressed size are capped (413).
 *
 * The uncompressed size is read from the zip's central directory with yauzl and then proved:
 * every entry is inflated once into nothing, and yauzl fails an entry that inflates past its
 * declared size, so a lying header cannot hide a bomb. The entries must also fill the file from
 * its first byte to the central directory with no gap: exceljs reads the zip front to back by its
 * local headers, and a local entry left out of the central directory would escape the count.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { AppError } from '../../shared/platform/errors.js';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_UNCOMPRESSED_BYTES,
  ImportTexts,
} from '../../shared/residents/resident-import.js';

export const XLSX_CONTENT_MESSAGE = ImportTexts.wrongType;
export const XLSX_UNCOMPRESSED_MESSAGE = `El contenido del archivo no debe pasar de ${IMPORT_MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB sin comprimir.`;

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const notXlsx = () => new AppError('unsupported_media_type', XLSX_CONTENT_MESSAGE, { file: XLSX_CONTENT_MESSAGE });
const tooLarge = (message: string) => new AppError('payload_too_large', message, { file: message });

/** Where the bytes after an entry's data start: past its data descriptor, when it has one (bit 3). */
function afterDescriptor(data: Buffer, end: number, flags: number, zip64: boolean) {
  if (!(flags & 8)) return end;
  const signed = end + 4 <= data.length && data.readUInt32LE(end) === DATA_DESCRIPTOR;
  return end + (signed ? 4 : 0) + 4 + (zip64 ? 16 : 8);
}

/** Throws 413 or 415 unless `data` is an .xlsx within the limits; reads nothing but the zip. */
export async function checkXlsxFile(data: Buffer): Promise<void> {
  if (data.length > IMPORT_MAX_BYTES) throw tooLarge(ImportTexts.tooLarge);
  if (data.length < ZIP_SIGNATURE.length || !data.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE))
    throw notXlsx();
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw notXlsx();
  }
  const entries: yauzl.Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > IMPORT_MAX_UNCOMPRESSED_BYTES) throw tooLarge(XLSX_UNCOMPRESSED_MESSAGE);
      if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) throw notXlsx();
      entries.push(entry);
    }
    if (!entries.some((e) => e.fileName === '[Content_Types].xml')) throw notXlsx();
    // No hidden bytes: each local entry starts where the previous one ended.
    let expected = 0;
    for (const entry of [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader)) {
      if (entry.relativeOffsetOfLocalHeader !== expected || data.readUInt32LE(expected) !== LOCAL_HEADER)
        throw notXlsx();
      const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
      const zip64 = entry.compressedSize >= 0xffffffff || entry.uncompressedSize >= 0xffffffff;
      expected = afterDescriptor(data, fileDataStart + entry.compressedSize, entry.generalPurposeBitFlag, zip64);
    }
    if (expected + 4 > data.length || data.readUInt32LE(expected) !== 0x02014b50) throw notXlsx();
    // The declared sizes, proved by inflating (yauzl stops an entry that inflates past its size).
    for (const entry of entries) {
      const stream = await zip.openReadStreamPromise(entry);
      await pipeline(stream, new Writable({ write: (_chunk, _enc, done) => done() }));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw /too many bytes|uncompressedSize|expected/i.test(String(error))
      ? tooLarge(XLSX_UNCOMPRESSED_MESSAGE)
      : notXlsx();
  } finally {
    zip.close();
  }
}
