import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Box } from '../../../src/shared/contractors/credential-sheet.js';
import type { TestApp } from '../test-app.js';

/** Rendering resolution of the pages (dots per inch). */
export const SHEET_DPI = 150;

export interface SheetPage {
  width: number;
  height: number;
  data: Buffer;
}

/** Every page of a PDF rendered by poppler's pdftoppm (`-r 150 -png`), in order. */
export function renderPages(pdf: Buffer, dpi = SHEET_DPI): SheetPage[] {
  const dir = mkdtempSync(join(tmpdir(), 'sheets-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => {
        const png = PNG.sync.read(readFileSync(join(dir, f)));
        return { width: png.width, height: png.height, data: png.data };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The QR code inside a box of the page (PDF points, origin bottom-left): its text and its printed
 * width in millimetres (between the outer corners of its finder patterns), or null when none is read.
 */
export function qrIn(page: SheetPage, box: Box, dpi = SHEET_DPI): { text: string; widthMm: number } | null {
  const scale = dpi / 72;
  const x0 = Math.max(0, Math.floor(box.x * scale));
  const y0 = Math.max(0, Math.floor(page.height - (box.y + box.height) * scale));
  const w = Math.min(page.width - x0, Math.ceil(box.width * scale));
  const h = Math.min(page.height - y0, Math.ceil(box.height * scale));
  const crop = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row++) {
    const from = ((y0 + row) * page.width + x0) * 4;
    crop.set(page.data.subarray(from, from + w * 4), row * w * 4);
  }
  const code = jsQR(crop, w, h);
  if (!code) return null;
  const { topLeftCorner: a, topRightCorner: b } = code.location;
  return { text: code.data, widthMm: (Math.hypot(b.x - a.x, b.y - a.y) / dpi) * 25.4 };
}

/**
 * `count` approved workers on a site, registered straight in the database (the photo and
 * documents of a seeded worker), named 'Obrero 1'…; answers their uuids in order.
 */
export async function approvedWorkers(t: TestApp, siteUuid: string, count: number): Promise<string[]> {
  const files = await t.db.one<{ photo: number | null; id: number | null; proof: number | null }>(
    `SELECT photo_file_id AS photo, identification_file_id AS id, proof_of_address_file_id AS proof
     FROM construction_workers WHERE photo_file_id IS NOT NULL ORDER BY id LIMIT 1`,
  );
  const uuids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const row = await t.db.one<{ uuid: string }>(
      `INSERT INTO construction_workers (community_id, construction_id, first_name, last_name, status, photo_file_id,
         identification_file_id, proof_of_address_file_id)
       SELECT c.community_id, c.id, 'Obrero', $2, 'Aprobado', $3, $4, $5 FROM constructions c WHERE c.uuid = $1
       RETURNING uuid::text AS uuid`,
      [siteUuid, `Número ${i}`, files?.photo ?? null, files?.id ?? null, files?.proof ?? null],
    );
    uuids.push(row!.uuid);
  }
  return uuids;
}
