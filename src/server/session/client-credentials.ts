import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Checks the OAuth client's basic credential (sign-in and password reset). */
export function requireClient(req: FastifyRequest, client: { id: string; secret: string }) {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) throw new AppError('invalid_client');
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  if (sep < 0 || !same(decoded.slice(0, sep), client.id) || !same(decoded.slice(sep + 1), client.secret)) {
    throw new AppError('invalid_client');
  }
}
