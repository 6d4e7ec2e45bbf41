/**
 * The printable credentials' sheet: A4 portrait, 3 columns by 3 rows of credential faces with a
 * gutter between them and cut marks in the margins. Fronts fill one page, their backs the next
 * page with the columns mirrored, so that after a long-edge flip (duplex) each back lands behind
 * its front. The grid is centred, so the mirrored grid falls on the same cut marks. Lengths are
 * PDF points (1/72 in), the origin at the page's bottom-left corner.
 */
import { BACK_X, CREDENTIAL_FACE, CREDENTIAL_QR } from './credential-drawing.js';

/** Points in a millimetre. */
export const MM = 72 / 25.4;
/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export const SHEET = {
  columns: 3,
  rows: 3,
  /** A face's printed width; its height keeps the drawing's proportions (about 88 mm). */
  faceWidth: 58 * MM,
  gutter: 4 * MM,
  /** Cut marks: their length and their distance from the grid. */
  markLength: 5 * MM,
  markGap: 1.5 * MM,
} as const;

export const CREDENTIALS_PER_SHEET = SHEET.columns * SHEET.rows;
/** Smallest printed QR code (scanners at the booth read it from this size up). */
export const MIN_QR_MM = 25;

const faceHeight = (SHEET.faceWidth * CREDENTIAL_FACE.height) / CREDENTIAL_FACE.width;
const gridWidth = SHEET.columns * SHEET.faceWidth + (SHEET.columns - 1) * SHEET.gutter;
const gridHeight = SHEET.rows * faceHeight + (SHEET.rows - 1) * SHEET.gutter;
const left = (A4.width - gridWidth) / 2;
const top = (A4.height + gridHeight) / 2;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box of column `column`, row `row` (row 0 at the top). */
function cell(column: number, row: number): Box {
  return {
    x: left + column * (SHEET.faceWidth + SHEET.gutter),
    y: top - (row + 1) * faceHeight - row * SHEET.gutter,
    width: SHEET.faceWidth,
    height: faceHeight,
  };
}

/** Where the `index`-th credential of a sheet (0-based, row by row) goes on the fronts' page. */
export function frontBox(index: number): Box {
  return cell(index % SHEET.columns, Math.floor(index / SHEET.columns));
}

/** Where its back goes on the next page: same row, mirrored column (column 1 ↔ the last column). */
export function backBox(index: number): Box {
  return cell(SHEET.columns - 1 - (index % SHEET.columns), Math.floor(index / SHEET.columns));
}

/** The QR's white box on a back face printed in `face` (the drawing's box, scaled). */
export function qrBox(face: Box): { x: number; y: number; size: number; quietModules: number } {
  const scale = face.width / CREDENTIAL_FACE.width;
  const size = CREDENTIAL_QR.size * scale;
  return {
    x: face.x + (CREDENTIAL_QR.x - BACK_X) * scale,
    y: face.y + face.height - CREDENTIAL_QR.y * scale - size,
    size,
    quietModules: CREDENTIAL_QR.quietModules,
  };
}

export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The cut marks: every column's edges above and below the grid, every row's edges left and right of it. */
export function cutMarks(): Line[] {
  const marks: Line[] = [];
  const bottom = top - gridHeight;
  const right = left + gridWidth;
  const { markGap: gap, markLength: length } = SHEET;
  for (let c = 0; c < SHEET.columns; c++) {
    const { x, width } = cell(c, 0);
    for (const edge of [x, x + width]) {
      marks.push({ x1: edge, y1: top + gap, x2: edge, y2: top + gap + length });
      marks.push({ x1: edge, y1: bottom - gap, x2: edge, y2: bottom - gap - length });
    }
  }
  for (let r = 0; r < SHEET.rows; r++) {
    const { y, height } = cell(0, r);
    for (const edge of [y, y + height]) {
      marks.push({ x1: left - gap, y1: edge, x2: left - gap - length, y2: edge });
      marks.push({ x1: right + gap, y1: edge, x2: right + gap + length, y2: edge });
    }
  }
  return marks;
}
