/** The signed pass: format, signature, kind, community, window. */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodePass,
  fromBase64Url,
  PASS_PREFIX,
  toBase64Url,
  type PassClaims,
} from '../../../src/shared/passes/pass-types.js';
import { issuePass, newPassKeyPem, passKeysOf, publicKeyOf, verifyPass } from '../../../src/server/passes/passes.js';

const keys = passKeysOf(newPassKeyPem());
const community = randomUUID();
const claims: PassClaims = {
  kind: 'massiveEventGuest',
  community,
  subject: randomUUID(),
  notBefore: 1_000_000,
  notAfter: 1_050_000,
};
const pass = issuePass(keys, claims);
const expectGuest = { kind: 'massiveEventGuest' as const, community, at: 1_020_000 };

describe('a pass', () => {
  it('is compact text with the P1 prefix, small enough for a QR code', () => {
    expect(pass.startsWith(PASS_PREFIX)).toBe(true);
    expect(pass.length).toBeLessThanOrEqual(150);
  });

  it('carries its kind, community, subject and window', () => {
    expect(decodePass(pass)).toMatchObject(claims);
    expect(verifyPass(keys, pass, expectGuest)).toMatchObject({ ok: true, claims });
  });

  it('with one byte changed is forged', () => {
    const bytes = fromBase64Url(pass.slice(PASS_PREFIX.length))!;
    for (const at of [1, 10, 30, 40, 60, 100]) {
      const changed = Uint8Array.from(bytes);
      changed[at] ^= 0x01;
      const check = verifyPass(keys, PASS_PREFIX + toBase64Url(changed), expectGuest);
      expect(check.ok).toBe(false);
      expect(['forged', 'malformed']).toContain(!check.ok && check.reason);
    }
  });

  it('signed by another key is forged, even with the same key id', () => {
    const other = { ...keys, privateKey: generateKeyPairSync('ed25519').privateKey };
    expect(verifyPass(keys, issuePass(other, claims), expectGuest)).toMatchObject({ ok: false, reason: 'forged' });
  });

  it("of another community is refused as the other community's", () => {
    expect(verifyPass(keys, pass, { ...expectGuest, community: randomUUID() })).toMatchObject({
      ok: false,
      reason: 'community',
    });
  });

  it('of another kind is refused', () => {
    expect(verifyPass(keys, pass, { ...expectGuest, kind: 'workerCredential' })).toMatchObject({
      ok: false,
      reason: 'kind',
    });
  });

  it('before its window is early, after it expired; the limits are inside', () => {
    expect(verifyPass(keys, pass, { ...expectGuest, at: 999_999 })).toMatchObject({ ok: false, reason: 'early' });
    expect(verifyPass(keys, pass, { ...expectGuest, at: 1_050_001 })).toMatchObject({ ok: false, reason: 'expired' });
    expect(verifyPass(keys, pass, { ...expectGuest, at: 1_000_000 }).ok).toBe(true);
    expect(verifyPass(keys, pass, { ...expectGuest, at: 1_050_000 }).ok).toBe(true);
  });

  it('that is not a pass (a bare uuid, garbage, too long) is malformed', () => {
    for (const text of [claims.subject, 'P1.!!!', `P1.${'A'.repeat(500)}`, '']) {
      expect(verifyPass(keys, text, expectGuest)).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });
});

describe('the pass key', () => {
  it('is any Ed25519 private key: another key signs passes this one calls forged', () => {
    const given = passKeysOf(newPassKeyPem());
    expect(given.keyId).not.toBe(keys.keyId);
    expect(verifyPass(given, issuePass(given, claims), expectGuest).ok).toBe(true);
    expect(verifyPass(keys, issuePass(given, claims), expectGuest)).toMatchObject({ ok: false, reason: 'forged' });
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => passKeysOf(rsa.toString())).toThrow(/Ed25519/);
  });

  it('publishes its public half as a JWK and raw base64url', () => {
    const published = publicKeyOf(keys);
    expect(published).toMatchObject({
      algorithm: 'Ed25519',
      keyId: keys.keyId,
      prefix: PASS_PREFIX,
      jwk: { kty: 'OKP', crv: 'Ed25519' },
    });
    expect(fromBase64Url(published.publicKey)!.length).toBe(32);
  });
});
