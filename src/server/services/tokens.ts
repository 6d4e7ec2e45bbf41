import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: the client holds the token, the database only its hash. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
