import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  CONTENT_DELETERS,
  CONTENT_EDITORS,
  CONTENT_READERS,
  type ContentKind,
} from '../../shared/content/content-rules.js';
import { listOrPageOf } from '../../shared/platform/answer.schema.js';
import { INVALID_ID, INVALID_RECORD, UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import type { AppDeps } from '../deps.js';
import { linkedPostImage, listPosts, readPost, readPostImage } from './content-posts.js';
import { createPost, deletePost, updatePost, type PostWrite } from './content-post-writes.js';
import { storageFor } from '../platform/services/storage.js';
import { WholeOrPageQuerySchema, wholeOrPage } from '../platform/http/list-query.js';
import { defineRoute, requireCommunity } from '../platform/http/route.js';
import { ImageLinkQuerySchema, imageLinkKey, linkedUser, signImageLink } from '../communities/image-links.js';
import { liveUserId } from '../communities/community-rows.js';
import { AppError } from '../../shared/platform/errors.js';
import type { Queryable } from '../platform/db/db.js';

/** A post answer whose image (`file.publicUrl`) is a signed link for `userUuid`: an `<img>` loads it without a Bearer header. */
async function withSignedImage<T>(db: Queryable, userUuid: string, answer: T): Promise<T> {
  const file = (answer as { file?: { publicUrl?: string } | null }).file;
  if (!file?.publicUrl) return answer;
  const publicUrl = signImageLink(await imageLinkKey(db), file.publicUrl, userUuid);
  return { ...answer, file: { ...file, publicUrl } };
}

type AnySchema = v.GenericSchema<unknown, unknown>;

export interface ContentResource<B extends AnySchema> {
  kind: ContentKind;
  /** In operation ids, singular and plural: `Notice`, `Notices`. */
  name: { one: string; many: string };
  /** In summaries: 'aviso', 'avisos'. */
  words: { one: string; many: string };
  tag: string;
  item: AnySchema;
  body: B;
  /** The checked body as the write the service performs (fields, type, segments). */
  toWrite: (body: v.InferOutput<B>, communityId: number) => Omit<PostWrite, 'kind'>;
  /** Error statuses the writes add (404 for a segment of another community). */
  writeErrors?: readonly (400 | 404)[];
}

const ImageParamsSchema = v.object(
  {
    uuid: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)),
    fileUuid: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)),
  },
  INVALID_RECORD,
);

/**
 * The calls of one kind of community content: `GET`, `GET {id}`,
 * `POST`, `PUT {uuid}`, `DELETE {uuid}`, and the image its `file.publicUrl` names. Staff of the
 * caller's community create and edit, the administrator deletes, guards and residents read
 * (a resident only what is current and addressed to it).
 */
export function registerContentResource<B extends AnySchema>(
  app: FastifyInstance,
  { db, config }: AppDeps,
  r: ContentResource<B>,
) {
  const storage = storageFor(config);
  const base = `/api/${r.kind}`;
  const tags = [r.tag];
  const item: v.GenericSchema = r.item;
  const write = (body: unknown, communityId: number): PostWrite => ({
    kind: r.kind,
    ...r.toWrite(body as v.InferOutput<B>, communityId),
  });

  defineRoute(app, {
    operationId: `list${r.name.many}`,
    response: listOrPageOf(item),
    errors: [404],
    method: 'GET',
    url: base,
    tags,
    access: CONTENT_READERS,
    query: WholeOrPageQuerySchema,
    summary: `${r.words.many} del fraccionamiento activo (todos sin \`page\`, una página con \`page\`; \`search\` filtra por título sin distinguir mayúsculas; el inicio más reciente primero). Un residente recibe solo los vigentes dirigidos a él`,
    handler: async ({ auth, query }) => {
      const asked = wholeOrPage(query);
      const page = await listPosts(db, r.kind, auth, asked);
      const content = await Promise.all(page.content.map((post) => withSignedImage(db, auth.userUuid, post)));
      return asked.whole ? content : { ...page, content };
    },
  });

  defineRoute(app, {
    operationId: `get${r.name.one}`,
    response: item,
    errors: [404],
    method: 'GET',
    url: `${base}/:uuid`,
    tags,
    access: CONTENT_READERS,
    params: UuidParamsSchema,
    summary: `Un ${r.words.one} del fraccionamiento activo`,
    handler: async ({ auth, params }) =>
      withSignedImage(db, auth.userUuid, await readPost(db, r.kind, auth, params.uuid)),
  });

  defineRoute(app, {
    operationId: `get${r.name.one}Image`,
    response: { binary: ['image/png', 'image/jpeg'] },
    errors: [401, 403, 404],
    method: 'GET',
    url: `${base}/:uuid/image/:fileUuid`,
    tags,
    // Public as a route: the caller is the session's (a reader) or the user a signed link names, checked below.
    access: 'public',
    params: ImageParamsSchema,
    query: ImageLinkQuerySchema,
    summary: `La imagen de un ${r.words.one} (JPEG o PNG), para quien puede leerlo: con la sesión, o por el enlace firmado y breve de \`file.publicUrl\` (exp, u, sig) que un <img> carga sin cabecera`,
    handler: async ({ req, params, query, reply }) => {
      const image = await (async () => {
        if (query.sig) {
          const path = `${base}/${params.uuid}/image/${params.fileUuid}`;
          const linked = linkedUser(await imageLinkKey(db), path, query);
          // A link is its user's: presented with another user's session, it opens nothing.
          const mine = linked !== null && (!req.auth || req.auth.userUuid === linked);
          const userId = mine ? await liveUserId(db, linked) : undefined;
          if (userId === undefined) throw new AppError('not_found', 'La imagen no existe.');
          return linkedPostImage(db, storage, r.kind, userId, params.uuid, params.fileUuid);
        }
        const auth = req.auth;
        if (!auth) throw new AppError('unauthorized');
        if (!CONTENT_READERS.includes(auth.role)) throw new AppError('forbidden');
        return readPostImage(db, storage, r.kind, auth, params.uuid, params.fileUuid);
      })();
      return reply
        .header('content-type', image.mimeType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(image.data);
    },
  });

  defineRoute(app, {
    operationId: `create${r.name.one}`,
    response: item,
    status: 201,
    errors: [404, ...(r.writeErrors ?? [])],
    method: 'POST',
    url: base,
    tags,
    access: CONTENT_EDITORS,
    body: r.body,
    summary: `Registra un ${r.words.one}; imagen JPEG o PNG opcional (\`file.content\` en base64, máx. 5 MB)`,
    handler: async ({ auth, body }) =>
      withSignedImage(db, auth.userUuid, await createPost(db, storage, auth, write(body, requireCommunity(auth)))),
  });

  defineRoute(app, {
    operationId: `update${r.name.one}`,
    response: item,
    errors: [404, ...(r.writeErrors ?? [])],
    method: 'PUT',
    url: `${base}/:uuid`,
    tags,
    access: CONTENT_EDITORS,
    params: UuidParamsSchema,
    body: r.body,
    summary: `Actualiza un ${r.words.one}; \`file: null\` quita la imagen, \`file\` con \`content\` la reemplaza, sin \`file\` se conserva`,
    handler: async ({ auth, params, body }) =>
      withSignedImage(
        db,
        auth.userUuid,
        await updatePost(db, storage, auth, params.uuid, write(body, requireCommunity(auth))),
      ),
  });

  defineRoute(app, {
    operationId: `delete${r.name.one}`,
    response: null,
    status: 204,
    errors: [404],
    method: 'DELETE',
    url: `${base}/:uuid`,
    tags,
    access: CONTENT_DELETERS,
    params: UuidParamsSchema,
    summary: `Elimina un ${r.words.one} y su imagen (solo el administrador)`,
    handler: async ({ auth, params }) => {
      await deletePost(db, storage, auth, r.kind, params.uuid);
    },
  });
}
