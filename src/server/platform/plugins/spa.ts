import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { AppError } from '../../../shared/platform/errors.js';

/** Serves the built SPA; every non-API path answers index.html so history routes work. */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const hasSpa = distDir !== undefined && existsSync(`${distDir}/index.html`);
  if (hasSpa) {
    // Vite's hashed assets never change under their name: cached for a year. index.html is always revalidated,
    // so a new version is picked up at once; other files (icons) an hour.
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : // The service worker is revalidated, as index.html: a new version replaces the cached shell.
              path.endsWith('.html') || path.endsWith('/sw.js')
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (!hasSpa || path.startsWith('/api') || path.startsWith('/oauth') || req.method !== 'GET') {
      return reply.code(404).send(new AppError('not_found').toBody());
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
