/**
 * The server's pass signer (docs/features.md#passes): one Ed25519 key signs every kind of pass
 * (a massive event's guest now; worker credentials and device link codes later). The key is
 * given by configuration (PASS_SIGNING_KEY, a PKCS#8 PEM) or kept in `${DATA_DIR}/keys/`, made
 * on first use; every process of one DATA_DIR signs with the same key.
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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.js';
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

const KEY_FILE = 'pass-ed25519.pem';

function keysOf(privateKey: KeyObject): PassKeys {
  const publicKey = createPublicKey(privateKey);
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { keyId: createHash('sha256').update(raw).digest('hex').slice(0, 8), privateKey, publicKey };
}

/** The key in the folder, made (and written with mode 0600) when absent; a concurrent maker's file wins. */
function folderKey(dataDir: string): KeyObject {
  const dir = resolve(dataDir, 'keys');
  const path = join(dir, KEY_FILE);
  try {
    return createPrivateKey(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  try {
    writeFileSync(path, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return createPrivateKey(readFileSync(path, 'utf8'));
}

const loaded = new Map<string, PassKeys>();

/** The signing key of this configuration (read once per process). */
export function passKeysFor(config: Pick<Config, 'dataDir' | 'passSigningKey'>): PassKeys {
  const cacheKey = config.passSigningKey ? `config:${config.passSigningKey}` : `dir:${resolve(config.dataDir)}`;
  let keys = loaded.get(cacheKey);
  if (!keys) {
    const privateKey = config.passSigningKey ? createPrivateKey(config.passSigningKey) : folderKey(config.dataDir);
    if (privateKey.asymmetricKeyType !== 'ed25519')
      throw new Error('PASS_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM)');
    keys = keysOf(privateKey);
    loaded.set(cacheKey, keys);
  }
  return keys;
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
