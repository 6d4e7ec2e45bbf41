/**
 * Signed passes (format in docs/passes.md): what a QR carries to the gate. A pass is
 * compact (110 bytes, 'P1.' + 147 base64url characters), kind-tagged and signed with the server's
 * Ed25519 key; a gate verifies it offline with the published public key. This module reads and
 * writes the bytes (browser and server alike); signing and verifying are the server's
 * (src/server/passes/passes.ts).
 */

/** The kinds of pass, by their tag byte. New kinds take the next number; a number is never reused. */
export const PASS_KINDS = { massiveEventGuest: 1, workerCredential: 2, deviceLink: 3 } as const;
export type PassKind = keyof typeof PASS_KINDS;

export const PASS_PREFIX = 'P1.';
export const PASS_VERSION = 1;
/** Bytes: version, kind, key id (4), community uuid (16), subject uuid (16), not-before (4), not-after (4). */
export const PASS_PAYLOAD_BYTES = 46;
export const PASS_SIGNATURE_BYTES = 64;
export const PASS_BYTES = PASS_PAYLOAD_BYTES + PASS_SIGNATURE_BYTES;
/** The longest text a pass field accepts (a pass is 150 characters; room for spaces a reader adds). */
export const PASS_TEXT_MAX = 400;

/** What a pass says: which kind, of which community, about whom, and when it is valid (Unix seconds, inclusive). */
export interface PassClaims {
  kind: PassKind;
  community: string;
  subject: string;
  notBefore: number;
  notAfter: number;
}

/** A pass read from its text, not yet verified. */
export interface DecodedPass extends PassClaims {
  keyId: string;
  payload: Uint8Array;
  signature: Uint8Array;
}

/** Why a pass is refused by the pass itself (the use of a pass may refuse it for more reasons). */
export type PassRefusal = 'malformed' | 'forged' | 'kind' | 'community' | 'early' | 'expired';

export const PassMessages: Record<PassRefusal, string> = {
  malformed: 'El código no es un pase de Portón.',
  forged: 'El pase no es auténtico: su firma no corresponde.',
  kind: 'Este pase no sirve para esta acción.',
  community: 'El pase pertenece a otro fraccionamiento.',
  early: 'El pase todavía no es válido.',
  expired: 'El pase ya venció.',
};

/** The public key as GET api/passes/publicKey answers it. */
export interface PassPublicKey {
  algorithm: 'Ed25519';
  keyId: string;
  /** The raw 32-byte public key, base64url. */
  publicKey: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
  prefix: string;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += B64[(n >> (18 - c * 6)) & 63];
  }
  return out;
}

/** Base64url without padding; null when a character is outside the alphabet. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const ch of text) {
    const d = B64.indexOf(ch);
    if (d < 0) return null;
    value = (value << 6) | d;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 255;
    }
  }
  return out;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const uuidOf = (bytes: Uint8Array) => {
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
function uuidBytes(uuid: string): Uint8Array {
  const h = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(h)) throw new Error(`not a uuid: ${uuid}`);
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(h.slice(i * 2, i * 2 + 2), 16));
}
const kindOf = (tag: number) => (Object.keys(PASS_KINDS) as PassKind[]).find((k) => PASS_KINDS[k] === tag);

/** The bytes a pass signs. */
export function passPayload(claims: PassClaims, keyId: string): Uint8Array {
  const out = new Uint8Array(PASS_PAYLOAD_BYTES);
  const view = new DataView(out.buffer);
  out[0] = PASS_VERSION;
  out[1] = PASS_KINDS[claims.kind];
  out.set(
    Uint8Array.from({ length: 4 }, (_, i) => parseInt(keyId.slice(i * 2, i * 2 + 2), 16)),
    2,
  );
  out.set(uuidBytes(claims.community), 6);
  out.set(uuidBytes(claims.subject), 22);
  view.setUint32(38, Math.max(0, Math.floor(claims.notBefore)));
  view.setUint32(42, Math.max(0, Math.floor(claims.notAfter)));
  return out;
}

export const passText = (payload: Uint8Array, signature: Uint8Array) => {
  const all = new Uint8Array(PASS_BYTES);
  all.set(payload, 0);
  all.set(signature, PASS_PAYLOAD_BYTES);
  return `${PASS_PREFIX}${toBase64Url(all)}`;
};

/** Reads a pass's text (spaces around it ignored); null when it is not a pass of this format. */
export function decodePass(text: string): DecodedPass | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(PASS_PREFIX) || trimmed.length > PASS_TEXT_MAX) return null;
  const bytes = fromBase64Url(trimmed.slice(PASS_PREFIX.length));
  if (!bytes || bytes.length !== PASS_BYTES || bytes[0] !== PASS_VERSION) return null;
  const kind = kindOf(bytes[1]);
  if (!kind) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    kind,
    keyId: hex(bytes.subarray(2, 6)),
    community: uuidOf(bytes.subarray(6, 22)),
    subject: uuidOf(bytes.subarray(22, 38)),
    notBefore: view.getUint32(38),
    notAfter: view.getUint32(42),
    payload: bytes.subarray(0, PASS_PAYLOAD_BYTES),
    signature: bytes.subarray(PASS_PAYLOAD_BYTES),
  };
}
