import type { FastifyInstance } from 'fastify';
import { PromotionAnswerSchema } from '../../shared/content/content.answer.js';
import { PromotionBodySchema } from '../../shared/content/content.schema.js';
import type { AppDeps } from '../deps.js';
import { registerContentResource } from './content-resource.js';

/** Promotions ('Promociones'). */
export function promotionRoutes(app: FastifyInstance, deps: AppDeps) {
  registerContentResource(app, deps, {
    kind: 'promotions',
    name: { one: 'Promotion', many: 'Promotions' },
    words: { one: 'promoción', many: 'Promociones' },
    tag: 'promociones',
    item: PromotionAnswerSchema,
    body: PromotionBodySchema,
    toWrite: (body) => ({ fields: body }),
  });
}
