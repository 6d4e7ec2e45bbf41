import type { FastifyInstance } from 'fastify';
import { NoticeAnswerSchema } from '../../shared/content/content.answer.js';
import { NoticeBodySchema } from '../../shared/content/content.schema.js';
import type { AppDeps } from '../deps.js';
import { registerContentResource } from './content-resource.js';
import { audienceOf, checkSegments, writeSegments } from './notice-segments.js';

/** Notices ('Avisos'): for the whole community, or segmented by zone, street or resident. */
export function noticeRoutes(app: FastifyInstance, deps: AppDeps) {
  registerContentResource(app, deps, {
    kind: 'notices',
    name: { one: 'Notice', many: 'Notices' },
    words: { one: 'aviso', many: 'Avisos' },
    tag: 'avisos',
    item: NoticeAnswerSchema,
    body: NoticeBodySchema,
    writeErrors: [400, 404],
    toWrite: (body, communityId) => ({
      fields: body,
      audience: audienceOf(body),
      check: (q) => checkSegments(q, communityId, body),
      segments: (q, postId) => writeSegments(q, postId, body),
    }),
  });
}
