import { hash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: the client holds the token, the database only its hash. */
export const newToken = () => randomBytes(32).toString('base64url');
// One-shot `hash` (no Hash object per call): every authenticated request hashes its token.
export const tokenHash = (token: string) => hash('sha256', token, 'hex');
