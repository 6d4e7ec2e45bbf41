/**
 * The answers' serializers: Fastify's own (fast-json-stringify from each route's declared answers),
 * compiled once per process for each schema and reused by every app the process builds. A server
 * builds one app; a test or bench process builds one per file, and compiling every route's answers
 * again took about a fifth of a second of CPU each time. A compiled serializer keeps no state.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Factory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<Factory>>;

const defaultFactory = SerializerSelector();
const compiled = new Map<string, Serializer>();

/** Fastify's `buildSerializer`: the default compiler, remembered by schema, shared schemas and options. */
export const rememberedSerializers: Factory = (externalSchemas, options) => {
  const compile = defaultFactory(externalSchemas, options);
  const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
  return (route) => {
    const key = `${context}\n${JSON.stringify(route.schema)}`;
    let serializer = compiled.get(key);
    if (!serializer) {
      serializer = compile(route);
      compiled.set(key, serializer);
    }
    return serializer;
  };
};
