import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { errorBodyJsonSchema } from '../http/route-schemas.js';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  license?: string;
};

const DESCRIPTION = `API de Portón, el portal de fraccionamientos (comunidades residenciales) en México.

Es el contrato sobre el que se construyen el portal web, las aplicaciones de residentes y vigilantes,
los dispositivos de las casetas y los sistemas de los integradores.

**Sesión.** \`POST /oauth/token\` con la credencial básica del cliente (\`Authorization: Basic …\`) y un
cuerpo \`application/x-www-form-urlencoded\` (\`grant_type=password\`, \`username\`, \`password\`) responde
\`access_token\`; las demás operaciones lo llevan como \`Authorization: Bearer …\`.

**Fraccionamiento activo.** Las operaciones de un fraccionamiento actúan sobre el fraccionamiento activo de
la sesión (\`PUT /api/users/setUpdateFrac/{fracUuid}\` lo cambia). Un registro de otro fraccionamiento responde 404.

**Errores.** Toda respuesta 4xx y 5xx tiene el cuerpo \`{ error, error_description, fields? }\`, con mensajes en
español; \`fields\` lleva el mensaje de cada campo cuando la solicitud no es válida.

**Respuestas.** Cada operación declara sus respuestas; el servidor escribe solo los campos declarados.`;

/**
 * OpenAPI 3.1 description generated from the route definitions, served at /api/openapi.json, and
 * a browsable reference at /api/docs (Swagger UI, its assets served from node_modules: no CDN).
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }) {
  app.addSchema(errorBodyJsonSchema);
  await app.register(swagger, {
    // Shared schemas keep their names: the error body is `#/components/schemas/ErrorBody`.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portón API',
        version: pkg.version,
        description: DESCRIPTION,
        license: { name: 'Propietaria: uso según el contrato de servicio de Portón', identifier: 'LicenseRef-Porton' },
      },
      servers: [{ url: options.publicUrl.replace(/\/$/, ''), description: 'Este servidor' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'oauth2',
            description:
              'Token de acceso de `POST /oauth/token` (password grant), enviado como `Authorization: Bearer {token}`.',
            flows: { password: { tokenUrl: '/oauth/token', scopes: {} } },
          },
          deviceToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Token de un dispositivo vinculado (`POST /api/devices/link`), enviado como `Authorization: Bearer {token}`. Solo sirve para el latido y el registro de visitas de su fraccionamiento; se revoca al desvincularlo.',
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              'Credencial del cliente (id y secreto) para obtener tokens y pedir el restablecimiento de contraseña.',
          },
        },
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    theme: { title: 'Portón API: referencia' },
    // Its own pages carry no inline script, so the app's Content-Security-Policy (helmet) holds there too.
    staticCSP: false,
    uiConfig: {
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
      persistAuthorization: false,
    },
  });
}
