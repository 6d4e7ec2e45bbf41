import type { FastifyInstance } from 'fastify';
import { PassPublicKeySchema } from '../../shared/passes/pass.answer.js';
import type { PassPublicKey } from '../../shared/passes/pass-types.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { passKeysFor, publicKeyOf } from './passes.js';

/** The pass key's public half: a gate device verifies passes offline with it (format in docs/features.md#passes). */
export function passRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  defineRoute(app, {
    operationId: 'getPassPublicKey',
    response: PassPublicKeySchema,
    method: 'GET',
    url: '/api/passes/publicKey',
    tags: ['pases'],
    access: 'public',
    summary:
      'Clave pública Ed25519 con la que se verifican los pases (invitaciones de eventos masivos y demás); pública, para verificar sin conexión',
    handler: async (): Promise<PassPublicKey> => publicKeyOf(await passKeysFor(db, config)),
  });
}
