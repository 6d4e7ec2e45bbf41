/**
 * The invitation of a massive event's guest, drawn once for everyone: the server renders
 * it with @napi-rs/canvas (threads), the wizard's live preview with a browser canvas. Only
 * the Canvas 2D calls both implement are used, so the two pictures match pixel for pixel within a
 * small tolerance (specs/e2e/invitation-render.browser.spec.ts compares them).
 *
 * Images come in already decoded (an HTMLImageElement / ImageBitmap in the browser, an Image of
 * @napi-rs/canvas on the server); the QR comes in as its module matrix (`qrMatrix`), drawn as
 * squares, so no library draws differently on either side.
 */
import { create } from 'qrcode';

/** Layout (step 3, cover 700x300, host photo 100x100 round). */
export const INVITATION_WIDTH = 700;
export const INVITATION_HEIGHT = 1080;
export const COVER = { x: 0, y: 0, width: 700, height: 300 } as const;
export const PROFILE = { x: 300, y: 250, size: 100, ring: 4 } as const;
export const QR_BOX = { x: 210, y: 720, size: 280, quietModules: 2 } as const;
export const TEXT_MARGIN = 40;
/** DejaVu Sans where installed (the server has it); the browser falls back to its sans-serif. */
export const INVITATION_FONT = '"DejaVu Sans", "Liberation Sans", Arial, sans-serif';
/** Default colours (hex without #). */
export const INVITATION_DEFAULT_FOREGROUND = '8e8e8e';
export const INVITATION_DEFAULT_BACKGROUND = 'ffffff';

/** A decoded image: anything with a size that the context's drawImage takes. */
export interface DrawableImage {
  width: number;
  height: number;
}

/** The Canvas 2D subset the drawing uses (a browser CanvasRenderingContext2D and @napi-rs/canvas's both fit). */
export interface InvitationContext<I extends DrawableImage> {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  font: string;
  textAlign: string;
  textBaseline: string;
  save(): void;
  restore(): void;
  beginPath(): void;
  closePath(): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  clip(): void;
  fill(): void;
  stroke(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  drawImage(
    image: I,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void;
}

/** A QR code's modules: `size` x `size`, row by row, 1 = dark. */
export interface QrMatrix {
  size: number;
  modules: ArrayLike<number | boolean>;
}

export interface InvitationData<I extends DrawableImage = DrawableImage> {
  title: string;
  /** The event's start, local date-time 'YYYY-MM-DDTHH:mm[:ss]'. */
  startDate: string;
  /** The common area's name, or the resident's street and number. */
  place: string;
  guestName: string;
  /** The community's invitation message (settings, 80 characters at most). */
  message: string;
  /** Hex without '#'; null or empty takes the default. */
  foregroundColor: string | null;
  backgroundColor: string | null;
  cover: I | null;
  profile: I | null;
  /** The signed pass's QR; null draws an empty frame (the wizard's preview has no guest yet). */
  qr: QrMatrix | null;
}

/** The QR's modules for a text (error correction M: a pass fits a version 5–7 code). */
export function qrMatrix(text: string): QrMatrix {
  const code = create(text, { errorCorrectionLevel: 'M' });
  return { size: code.modules.size, modules: code.modules.data };
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** 'sábado 12 de diciembre de 2026' and '18:30 h' from a local date-time (no time zone: wall clock). */
export function invitationDateTexts(startDate: string): { date: string; time: string } {
  const [datePart, timePart = '00:00'] = startDate.replace(' ', 'T').split('T');
  const [year, month, day] = datePart.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { date: `${WEEKDAYS[weekday]} ${day} de ${MONTHS[month - 1]} de ${year}`, time: `${timePart.slice(0, 5)} h` };
}

export const colour = (hex: string | null, fallback: string) =>
  `#${/^[0-9a-fA-F]{6}$/.test(hex ?? '') ? hex : fallback}`;

/** Words laid in lines no wider than `width` (a word longer than a line is cut by characters). */
export function wrapText(
  ctx: Pick<InvitationContext<DrawableImage>, 'measureText'>,
  text: string,
  width: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (ctx.measureText(line).width > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && ctx.measureText(line.slice(0, cut)).width > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/.$/, '')}…`;
  return kept;
}

/** The cover fills 700x300, cropped to the middle when its proportion differs (a 500x300 cover). */
function drawCover<I extends DrawableImage>(ctx: InvitationContext<I>, cover: I) {
  const scale = Math.max(COVER.width / cover.width, COVER.height / cover.height);
  const sw = COVER.width / scale;
  const sh = COVER.height / scale;
  ctx.drawImage(
    cover,
    (cover.width - sw) / 2,
    (cover.height - sh) / 2,
    sw,
    sh,
    COVER.x,
    COVER.y,
    COVER.width,
    COVER.height,
  );
}

/** A round picture of `size` at (x, y) on a ring of `ring` pixels in the background colour (the host's photo, a worker's). */
export function drawRoundImage<I extends DrawableImage>(
  ctx: InvitationContext<I>,
  image: I,
  box: { x: number; y: number; size: number; ring: number },
  background: string,
) {
  const r = box.size / 2;
  const cx = box.x + r;
  const cy = box.y + r;
  ctx.save();
  ctx.fillStyle = background;
  ctx.beginPath();
  ctx.arc(cx, cy, r + box.ring, 0, Math.PI * 2);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.closePath();
  ctx.clip();
  ctx.drawImage(image, 0, 0, image.width, image.height, box.x, box.y, box.size, box.size);
  ctx.restore();
}

/** A QR's modules in a white square `box` (null: an empty frame, the previews without a pass). */
export function drawQrIn<I extends DrawableImage>(
  ctx: InvitationContext<I>,
  qr: QrMatrix | null,
  box: { x: number; y: number; size: number; quietModules: number },
  foreground: string,
) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(box.x, box.y, box.size, box.size);
  if (!qr) {
    ctx.strokeStyle = foreground;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(box.x + box.size / 2, box.y + box.size / 2, box.size / 4, 0, Math.PI * 2);
    ctx.closePath();
    ctx.stroke();
    return;
  }
  // Whole pixels per module, centred: crisp squares on both canvases (and easy to scan).
  const cell = Math.floor(box.size / (qr.size + box.quietModules * 2));
  const offset = Math.floor((box.size - cell * qr.size) / 2);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (qr.modules[row * qr.size + col])
        ctx.fillRect(box.x + offset + col * cell, box.y + offset + row * cell, cell, cell);
    }
  }
}

/** Text wrapped in at most `maxLines` lines centred on `cx` (textAlign 'center'); answers the next line's y. */
export function centredLines<I extends DrawableImage>(
  ctx: InvitationContext<I>,
  font: string,
  text: string,
  y: number,
  lineHeight: number,
  maxLines: number,
  cx = INVITATION_WIDTH / 2,
  width = INVITATION_WIDTH - TEXT_MARGIN * 2,
) {
  ctx.font = font;
  const lines = wrapText(ctx, text, width, maxLines);
  for (const [i, line] of lines.entries()) ctx.fillText(line, cx, y + i * lineHeight);
  return y + lines.length * lineHeight;
}

/** Draws the whole invitation on a 700x1080 context. */
export function drawInvitation<I extends DrawableImage>(ctx: InvitationContext<I>, data: InvitationData<I>) {
  const foreground = colour(data.foregroundColor, INVITATION_DEFAULT_FOREGROUND);
  const background = colour(data.backgroundColor, INVITATION_DEFAULT_BACKGROUND);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, INVITATION_WIDTH, INVITATION_HEIGHT);
  if (data.cover) drawCover(ctx, data.cover);
  else {
    ctx.fillStyle = foreground;
    ctx.fillRect(COVER.x, COVER.y, COVER.width, COVER.height);
  }
  if (data.profile) drawRoundImage(ctx, data.profile, PROFILE, background);

  const { date, time } = invitationDateTexts(data.startDate);
  ctx.fillStyle = foreground;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  let y = centredLines(ctx, `bold 32px ${INVITATION_FONT}`, data.title, 395, 40, 3);
  y = centredLines(ctx, `20px ${INVITATION_FONT}`, `${date} · ${time}`, y + 6, 28, 1);
  y = centredLines(ctx, `20px ${INVITATION_FONT}`, data.place, y, 28, 2);
  y = centredLines(ctx, `italic 18px ${INVITATION_FONT}`, data.message, Math.max(y + 10, 530), 24, 2);
  centredLines(ctx, `bold 26px ${INVITATION_FONT}`, data.guestName, Math.max(y + 12, 600), 32, 1);
  drawQrIn(ctx, data.qr, QR_BOX, foreground);
  ctx.font = `14px ${INVITATION_FONT}`;
  ctx.fillStyle = foreground;
  ctx.fillText('Presenta este código en la caseta de acceso', INVITATION_WIDTH / 2, QR_BOX.y + QR_BOX.size + 36);
}

/** The place as the invitation says it: the common area, or the host's street and number. */
export function invitationPlace(event: {
  commonArea: { name: string } | null;
  resident: { street: string; number: string };
}): string {
  return event.commonArea ? event.commonArea.name : `${event.resident.street} ${event.resident.number}`.trim();
}
