import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3 description generated from the route schemas, served at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Portón API', version: '1.0.0', description: 'API de Portón para fraccionamientos. Errores: { error, error_description }.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, clientBasic: { type: 'http', scheme: 'basic' } } },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
