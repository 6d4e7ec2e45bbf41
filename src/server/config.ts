import * as v from 'valibot';

/** Configuration parsed once at boot (STYLE.md). The browser never receives any of it. */
const ConfigSchema = v.object({
  port: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535)),
  host: v.string(),
  dataDir: v.string(),
  databaseUrl: v.optional(v.pipe(v.string(), v.startsWith('postgres'))),
  redisUrl: v.optional(v.pipe(v.string(), v.startsWith('redis'))),
  /** Prefix of the Redis pub/sub channels: processes with the same prefix share events, others never hear them. */
  redisPrefix: v.pipe(v.string(), v.nonEmpty()),
  smtpUrl: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//))),
  mailFrom: v.string(),
  publicUrl: v.string(),
  oauthClientId: v.pipe(v.string(), v.nonEmpty()),
  oauthClientSecret: v.pipe(v.string(), v.nonEmpty()),
  logLevel: v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  seedDemo: v.boolean(),
  corsOrigin: v.optional(v.string()),
  /** The Ed25519 private key (PKCS#8 PEM) that signs passes (issue 13); absent: kept in `${dataDir}/keys/`. */
  passSigningKey: v.optional(v.string()),
});
export type Config = v.InferOutput<typeof ConfigSchema>;

const blankToUndefined = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ?? '3000';
  return v.parse(ConfigSchema, {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: blankToUndefined(env.DATABASE_URL),
    redisUrl: blankToUndefined(env.REDIS_URL),
    redisPrefix: blankToUndefined(env.REDIS_PREFIX) ?? 'porton',
    smtpUrl: blankToUndefined(env.SMTP_URL),
    mailFrom: env.MAIL_FROM ?? 'Portón <no-responder@porton.mx>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    oauthClientId: env.OAUTH_CLIENT_ID ?? 'porton-web',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET ?? 'porton-web-secret',
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    corsOrigin: blankToUndefined(env.CORS_ORIGIN),
    passSigningKey: blankToUndefined(env.PASS_SIGNING_KEY),
  });
}
