/**
 * A construction worker's credential, drawn once for the browser's preview
 * on /workers and the server's PNG (threads, @napi-rs/canvas), with the invitation module's
 * helpers (same Canvas 2D subset, same QR drawing). One image holds both faces side by side:
 * front (photo, name, 'Trabajador de obra', the contractor as 'Responsable de la obra') on the
 * left, back (site number and address, the company as 'Constructora', the community's name and
 * the QR of the worker's pass) on the right.
 */
import {
  centredLines,
  drawQrIn,
  drawRoundImage,
  INVITATION_FONT,
  type DrawableImage,
  type InvitationContext,
  type QrMatrix,
} from '../massive-events/invitation-drawing.js';

export const CREDENTIAL_FACE = { width: 420, height: 640 } as const;
export const CREDENTIAL_GAP = 20;
export const CREDENTIAL_WIDTH = CREDENTIAL_FACE.width * 2 + CREDENTIAL_GAP;
export const CREDENTIAL_HEIGHT = CREDENTIAL_FACE.height;
const BAND = 90;
const PHOTO = { x: (CREDENTIAL_FACE.width - 160) / 2, y: 130, size: 160, ring: 5 } as const;
/** Where the back face starts on the drawing (the front starts at 0). */
export const BACK_X = CREDENTIAL_FACE.width + CREDENTIAL_GAP;
/** The QR's white box on the drawing (on the back face); the code sits inside with `quietModules` of margin. */
export const CREDENTIAL_QR = {
  x: BACK_X + (CREDENTIAL_FACE.width - 220) / 2,
  y: 356,
  size: 220,
  quietModules: 2,
} as const;
const ACCENT = '#1f4e79';
const INK = '#2d2d2d';
const MUTED = '#6b6b6b';

export const CredentialTexts = {
  role: 'Trabajador de obra',
  contractor: 'Responsable de la obra',
  site: 'Obra',
  company: 'Constructora',
  community: 'Fraccionamiento',
  show: 'Presenta este código en la caseta de acceso',
} as const;

export interface CredentialData<I extends DrawableImage = DrawableImage> {
  workerName: string;
  contractorName: string;
  company: string;
  /** The site's number (terrain number) and address ('Calle 12'). */
  siteNumber: string;
  siteAddress: string;
  communityName: string;
  photo: I | null;
  /** The worker's signed pass; null draws an empty frame (the browser's preview has no pass). */
  qr: QrMatrix | null;
}

function face<I extends DrawableImage>(ctx: InvitationContext<I>, x: number, title: string) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, 0, CREDENTIAL_FACE.width, CREDENTIAL_FACE.height);
  ctx.fillStyle = ACCENT;
  ctx.fillRect(x, 0, CREDENTIAL_FACE.width, BAND);
  ctx.fillRect(x, CREDENTIAL_FACE.height - 16, CREDENTIAL_FACE.width, 16);
  ctx.fillStyle = '#ffffff';
  centredLines(
    ctx,
    `bold 26px ${INVITATION_FONT}`,
    title,
    56,
    30,
    1,
    x + CREDENTIAL_FACE.width / 2,
    CREDENTIAL_FACE.width - 40,
  );
}

/** A label and its value, centred on the face at `x`; answers the next y. */
function field<I extends DrawableImage>(
  ctx: InvitationContext<I>,
  x: number,
  label: string,
  value: string,
  y: number,
  maxLines = 2,
) {
  const cx = x + CREDENTIAL_FACE.width / 2;
  ctx.fillStyle = MUTED;
  const next = centredLines(ctx, `15px ${INVITATION_FONT}`, label, y, 20, 1, cx, CREDENTIAL_FACE.width - 40);
  ctx.fillStyle = INK;
  return (
    centredLines(
      ctx,
      `bold 20px ${INVITATION_FONT}`,
      value || '—',
      next + 2,
      26,
      maxLines,
      cx,
      CREDENTIAL_FACE.width - 40,
    ) + 12
  );
}

/** Draws both faces on a CREDENTIAL_WIDTH x CREDENTIAL_HEIGHT context. */
export function drawCredential<I extends DrawableImage>(ctx: InvitationContext<I>, data: CredentialData<I>) {
  ctx.fillStyle = '#e9edf1';
  ctx.fillRect(0, 0, CREDENTIAL_WIDTH, CREDENTIAL_HEIGHT);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';

  face(ctx, 0, data.communityName);
  if (data.photo) drawRoundImage(ctx, data.photo, PHOTO, ACCENT);
  else {
    ctx.fillStyle = '#d0d7de';
    ctx.fillRect(PHOTO.x, PHOTO.y, PHOTO.size, PHOTO.size);
  }
  ctx.fillStyle = INK;
  let y = centredLines(
    ctx,
    `bold 28px ${INVITATION_FONT}`,
    data.workerName,
    350,
    34,
    2,
    CREDENTIAL_FACE.width / 2,
    CREDENTIAL_FACE.width - 40,
  );
  ctx.fillStyle = ACCENT;
  y = centredLines(
    ctx,
    `22px ${INVITATION_FONT}`,
    CredentialTexts.role,
    y + 4,
    28,
    1,
    CREDENTIAL_FACE.width / 2,
    CREDENTIAL_FACE.width - 40,
  );
  field(ctx, 0, CredentialTexts.contractor, data.contractorName, Math.max(y + 40, 480));

  face(ctx, BACK_X, data.communityName);
  y = field(ctx, BACK_X, CredentialTexts.site, `No. ${data.siteNumber}`, 130, 1);
  y = field(ctx, BACK_X, 'Dirección', data.siteAddress, y);
  field(ctx, BACK_X, CredentialTexts.company, data.company, y, 1);
  drawQrIn(ctx, data.qr, CREDENTIAL_QR, ACCENT);
  ctx.fillStyle = MUTED;
  centredLines(
    ctx,
    `14px ${INVITATION_FONT}`,
    CredentialTexts.show,
    CREDENTIAL_QR.y + CREDENTIAL_QR.size + 28,
    18,
    1,
    BACK_X + CREDENTIAL_FACE.width / 2,
    CREDENTIAL_FACE.width - 30,
  );
}
