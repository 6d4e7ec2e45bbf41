/**
 * Stand-in files of the demo workers: a 100x100 PNG portrait, an ID card (PNG) and a
 * one-page PDF proof of address with the worker's name. Stored and served like real ones.
 */
import { PNG } from 'pngjs';
import { demoIdPhoto } from '../visits/demo-photos.js';

/** A portrait of 100x100: head and shoulders over a background of the given hue. */
export function demoWorkerPhoto(seed: number): Buffer {
  const size = 100;
  const png = new PNG({ width: size, height: size });
  const background = [
    [120, 170, 220],
    [150, 200, 160],
    [220, 180, 130],
    [190, 160, 210],
  ][seed % 4]!;
  const skin = [
    [224, 172, 105],
    [198, 134, 66],
    [141, 85, 36],
    [241, 194, 125],
  ][(seed * 3) % 4]!;
  const shirt = [
    [40, 60, 110],
    [150, 50, 40],
    [60, 100, 60],
    [80, 80, 80],
  ][(seed * 7) % 4]!;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const head = (x - 50) ** 2 + (y - 40) ** 2 < 20 ** 2;
      const body = y > 62 && (x - 50) ** 2 / 40 ** 2 + (y - 100) ** 2 / 38 ** 2 < 1;
      const [r, g, b] = head ? skin : body ? shirt : background;
      png.data.set([r, g, b, 255], (y * size + x) * 4);
    }
  }
  return PNG.sync.write(png);
}

/** The demo ID card (the same drawing as the visits' ID photos). */
export function demoWorkerId(seed: number): Buffer {
  let state = seed + 1;
  return demoIdPhoto(() => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  });
}

/** A one-page PDF that says what it is, with a correct cross-reference table. */
export function demoProofOfAddress(name: string): Buffer {
  const text = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[()\\]/g, '');
  const content = `BT /F1 18 Tf 60 740 Td (Comprobante de domicilio) Tj 0 -30 Td /F1 12 Tf (${text(name)}) Tj 0 -20 Td (Documento de demostracion de Porton) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
