import * as v from 'valibot';

/** GET api/passes/publicKey (docs/passes.md). */
export const PassPublicKeySchema = v.object({
  algorithm: v.literal('Ed25519'),
  keyId: v.string(),
  publicKey: v.string(),
  jwk: v.object({ kty: v.literal('OKP'), crv: v.literal('Ed25519'), x: v.string() }),
  prefix: v.string(),
});
