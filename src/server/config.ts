import * as v from 'valibot';

/** Configuration parsed once at boot (STYLE.md). The browser never receives any of it. */
const ConfigSchema = v.object({
  port: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535)),
  host: v.string(),
  dataDir: v.string(),
  databaseUrl: v.optional(v.pipe(v.string(), v.startsWith('postgres'))),
  /**
   * The owner's connection, for the migrations only. Set, the app itself connects
   * with DATABASE_URL as a role that owns nothing (a member of porton_app); unset, DATABASE_URL is
   * the owner's and the app switches to porton_app after migrating.
   */
  databaseOwnerUrl: v.optional(v.pipe(v.string(), v.startsWith('postgres'))),
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
  /** The Ed25519 private key (PKCS#8 PEM) that signs passes; absent: kept in the database (app_secrets). */
  passSigningKey: v.optional(v.string()),
  /**
   * The S3-compatible bucket that keeps uploaded files; absent: `${dataDir}/files`. Its endpoint,
   * region and credentials are the AWS SDK's own variables (AWS_ENDPOINT_URL_S3, AWS_REGION,
   * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).
   */
  s3Bucket: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET: not a bucket name')),
  ),
  /** Days the audit trail keeps an event; pruned at start and daily. */
  auditRetentionDays: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(36500)),
  /** Milliseconds SIGTERM waits for requests in flight before closing. */
  shutdownGraceMs: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(600000)),
  /**
   * Which proxy may tell the client's address and protocol (X-Forwarded-For / -Proto): false (the
   * default: the socket's address is the client's), a hop count, or the proxies' addresses/CIDRs.
   */
  /** Resolved tokens the session cache keeps in memory; 0 turns it off. */
  sessionCacheMax: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  /** Milliseconds a cached token is trusted before it is read again, event or not (the safety net). */
  sessionCacheTtlMs: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(600_000)),
  /** Rows of community catalogue answers (list pages, option lists) kept in memory; 0 turns it off. Its safety net is `sessionCacheTtlMs`. */
  catalogueCacheMax: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  /** Writes (POST/PUT/PATCH/DELETE) one token may make per minute, counted by every process together; 0 turns it off. */
  writeRateLimit: v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  trustProxy: v.union([
    v.literal(false),
    v.pipe(v.number(), v.integer(), v.minValue(1)),
    v.array(v.pipe(v.string(), v.nonEmpty())),
  ]),
});
export type Config = v.InferOutput<typeof ConfigSchema>;

/** TRUST_PROXY: unset or 'false' → false; '1', '2' … → hops; '10.0.0.5,10.1.0.0/16' → those proxies. 'true' (trust anyone) is refused. */
function parseTrustProxy(value: string | undefined): unknown {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') return 'true';
  return text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

const blankToUndefined = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ?? '3000';
  return v.parse(ConfigSchema, {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: blankToUndefined(env.DATABASE_URL),
    databaseOwnerUrl: blankToUndefined(env.DATABASE_OWNER_URL),
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
    s3Bucket: blankToUndefined(env.S3_BUCKET),
    auditRetentionDays: blankToUndefined(env.AUDIT_RETENTION_DAYS) ?? '365',
    shutdownGraceMs: blankToUndefined(env.SHUTDOWN_GRACE_MS) ?? '10000',
    sessionCacheMax: blankToUndefined(env.SESSION_CACHE_MAX) ?? '10000',
    sessionCacheTtlMs: blankToUndefined(env.SESSION_CACHE_TTL_MS) ?? '30000',
    catalogueCacheMax: blankToUndefined(env.CATALOGUE_CACHE_MAX) ?? '20000',
    writeRateLimit: blankToUndefined(env.WRITE_RATE_LIMIT) ?? '1200',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  });
}
