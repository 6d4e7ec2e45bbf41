import type { FastifyInstance } from 'fastify';
import { NewsletterAnswerSchema } from '../../shared/content/content.answer.js';
import { NewsletterBodySchema } from '../../shared/content/content.schema.js';
import type { AppDeps } from '../deps.js';
import { registerContentResource } from './content-resource.js';

/** Newsletters ('Boletines'): with a type, 5 Restaurante, 1 Deportes, 2 Social or 3 Eventos. */
export function newsletterRoutes(app: FastifyInstance, deps: AppDeps) {
  registerContentResource(app, deps, {
    kind: 'newsletters',
    name: { one: 'Newsletter', many: 'Newsletters' },
    words: { one: 'boletín', many: 'Boletines' },
    tag: 'boletines',
    item: NewsletterAnswerSchema,
    body: NewsletterBodySchema,
    toWrite: (body) => ({ fields: body, typeId: body.type }),
  });
}
