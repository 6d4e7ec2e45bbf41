/**
 * The server's pass signer (docs/features.md#passes): one Ed25519 key signs every kind of pass
 * (a massive event's guest now; worker credentials and device link codes later). The key is
 * given by configuration (PASS_SIGNING_KEY, a PKCS#8 PEM) or kept in the database (app_secrets),
 * made on first use, so every process of one installation signs with the same key whatever its
 * DATA_DIR. A key an earlier version kept in `${DATA_DIR}/keys/` is adopted when the database has
 * none yet, so the passes it signed stay valid.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.js';
import type { Queryable } from '../platform/db/db.js';
import { keptSecret } from '../platform/services/app-secrets.js';
import {
  decodePass,
  passPayload,
  passText,
  PASS_PREFIX,
  toBase64Url,
  type PassClaims,
  type PassKind,
  type PassPublicKey,
  type PassRefusal,
  type DecodedPass,
} from '../../shared/passes/pass-types.js';

export interface PassKeys {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** What a use of a pass expects of it. `at` is Unix seconds (now by default). */
export interface PassExpectation {
  kind: PassKind;
  /** The community the verifier serves; a pass of another community is refused. */
  community: string;
  at?: number;
}

export type PassCheck =
  | { ok: true; claims: DecodedPass }
  | { ok: false; reason: PassRefusal; claims: DecodedPass | null };

/** The key's name in app_secrets. */
export const PASS_KEY_SECRET = 'pass_ed25519';
/** Where an earlier version kept the key, under DATA_DIR. */
export const FOLDER_KEY_PATH = join('keys', 'pass-ed25519.pem');

const byPem = new Map<string, PassKeys>();

/** The keys of a PKCS#8 PEM (an Ed25519 private key), parsed once per process. */
export function passKeysOf(pem: string): PassKeys {
  let keys = byPem.get(pem);
  if (!keys) {
    const privateKey = createPrivateKey(pem);
    if (privateKey.asymmetricKeyType !== 'ed25519')
      throw new Error('the pass key must be an Ed25519 private key (PKCS#8 PEM)');
    const publicKey = createPublicKey(privateKey);
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    keys = { keyId: createHash('sha256').update(raw).digest('hex').slice(0, 8), privateKey, publicKey };
    byPem.set(pem, keys);
  }
  return keys;
}

/** A new Ed25519 private key as PKCS#8 PEM. */
export const newPassKeyPem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/** The key an earlier version kept in the folder, or null when there is none. */
function folderKeyPem(dataDir: string): string | null {
  try {
    return readFileSync(resolve(dataDir, FOLDER_KEY_PATH), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The signing key of this installation: PASS_SIGNING_KEY when given; else the database's, which
 * the first process to ask stores (the folder's key of an earlier version, or a new one) and every
 * other process reads. Read it before opening a transaction (PGlite has one connection).
 */
export async function passKeysFor(
  db: Queryable,
  config: Pick<Config, 'dataDir' | 'passSigningKey'>,
): Promise<PassKeys> {
  if (config.passSigningKey) return passKeysOf(config.passSigningKey);
  const pem = await keptSecret(db, PASS_KEY_SECRET, () => folderKeyPem(config.dataDir) ?? newPassKeyPem());
  return passKeysOf(pem);
}

/** A signed pass's text (what the QR holds). */
export function issuePass(keys: PassKeys, claims: PassClaims): string {
  const payload = passPayload(claims, keys.keyId);
  return passText(payload, sign(null, payload, keys.privateKey));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Checks a pass in this order: its format, its signature (with this server's key; a pass of an
 * unknown key is forged), its kind, its community, its window. Cheap: one Ed25519 verification.
 */
export function verifyPass(keys: PassKeys, text: string, expect: PassExpectation): PassCheck {
  const claims = decodePass(text);
  if (!claims) return { ok: false, reason: 'malformed', claims: null };
  if (claims.keyId !== keys.keyId || !verify(null, claims.payload, keys.publicKey, claims.signature)) {
    return { ok: false, reason: 'forged', claims: null };
  }
  if (claims.kind !== expect.kind) return { ok: false, reason: 'kind', claims };
  if (claims.community.toLowerCase() !== expect.community.toLowerCase())
    return { ok: false, reason: 'community', claims };
  const at = expect.at ?? nowSeconds();
  if (at < claims.notBefore) return { ok: false, reason: 'early', claims };
  if (at > claims.notAfter) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}

/** The public key as published (GET api/passes/publicKey), for gates that verify offline. */
export function publicKeyOf(keys: PassKeys): PassPublicKey {
  const x = toBase64Url(keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
  return {
    algorithm: 'Ed25519',
    keyId: keys.keyId,
    publicKey: x,
    jwk: { kty: 'OKP', crv: 'Ed25519', x },
    prefix: PASS_PREFIX,
  };
}
