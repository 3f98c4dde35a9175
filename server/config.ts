// Environment → a typed, validated configuration (DESIGN "Configuration").
// A bad value stops start-up with one line that names the variable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';
import { registrationModes, type AuthProviders } from '../common/auth.js';
import type { TranscriptionEngineName } from '../common/config.js';

export class ConfigError extends Error {}

/** false, true (any hop), a number of hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const url = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), `must be an http(s) URL ${what}`);

const env = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: url('such as https://memories.example.org').optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^(postgres(ql)?:\/\/|sqlite:)/.test(value), 'must start with postgres:// or sqlite:')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .trim()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a schema name of lower-case letters, digits and _')
    .optional(),
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: url('of an S3-compatible API such as https://s3.example.org').optional(),
  S3_PUBLIC_ENDPOINT: url('that browsers reach the bucket at, such as https://media.example.org').optional(),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REGISTRATION: z.enum(registrationModes, { error: 'must be open, invite or closed' }).default('open'),
  INVITE_TTL_HOURS: z.coerce.number({ error: 'must be a number of hours' }).positive('must be a positive number of hours').default(48),
  OIDC_ISSUER: url('(the provider’s issuer)').optional(),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  TRANSCRIBE_URL: url('of an OpenAI-compatible API').optional(),
  TRANSCRIBE_API_KEY: optionalText,
  TRANSCRIBE_MODEL: optionalText,
  TRANSCRIBE: z.enum(['auto', 'local', 'service', 'off'], { error: 'must be auto, local, service or off' }).default('auto'),
  TRANSCRIBE_MODEL_FILE: optionalText,
  TRANSCRIBE_LANGUAGE: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(auto|[a-z]{2,3})$/, 'must be auto or a language code such as en, de or fr')
    .default('auto'),
  TRANSCRIBE_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be a whole number').default(1),
  LLM_URL: url('of an OpenAI-compatible API').optional(),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, context) => {
      const trust = trustProxyOf(value);
      if (trust === null) context.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
      return trust ?? false;
    })
    .default(false),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be a whole number').default(20),
  FEEDBACK_URL: z
    .string()
    .trim()
    .refine((value) => /^(https?|mailto):/.test(value) && URL.canParse(value), 'must be an http(s) or mailto: address')
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine(isSmtpUrl, 'must be an smtp:// or smtps:// address such as smtps://user:password@mail.example.org:465')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine((value) => /^[^\s@<>]+@[^\s@<>]+$/.test(value) || /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(value), 'must be an address such as heirloom@example.org or Heirloom <heirloom@example.org>')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
});

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
}

/** STORAGE=s3 (DESIGN "Configuration"): any S3-compatible store. */
export interface S3Config {
  bucket: string;
  /** Unset for AWS itself; MinIO, R2, Garage and s3rver need their address. */
  endpoint?: string;
  /**
   * Where browsers reach the bucket, when that is not where the server does (in compose the
   * app calls http://minio:9000 while a browser needs the host's address): signed addresses
   * name it. Unset, the same as `endpoint`.
   */
  publicEndpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role) finds credentials. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` as a path segment rather than a host name (MinIO, Garage, s3rver). */
  forcePathStyle: boolean;
}

/** What the local engine needs (TRANSCRIBE_MODEL_FILE, TRANSCRIBE_LANGUAGE, TRANSCRIBE_CONCURRENCY). */
export interface LocalTranscribeConfig {
  /** An absolute path to a whisper.cpp ggml model that existed at start. */
  modelFile: string;
  /** 'auto' (whisper detects it) or a language code such as 'en'. */
  language: string;
  /** The machine's cores less one, so the server keeps one for its requests; at least 1. */
  threads: number;
  /** Recordings transcribed at once by this instance. */
  concurrency: number;
}

/** The models `npm run models:get` fetches, in the order the default search prefers them. */
export const DEFAULT_MODEL_NAMES = ['base', 'small', 'tiny'] as const;

/** Where mail goes out (SMTP_URL, which may hold a password: never logged) and whom it is from (MAIL_FROM). */
export interface MailConfig {
  smtpUrl: string;
  from: string;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL only: the schema Heirloom's tables live in (null: the search path's first, public). */
  databaseSchema: string | null;
  storage: 'local' | 's3';
  /** Set exactly when `storage` is 's3'. */
  s3: S3Config | null;
  sessionSecret: string;
  registration: AuthProviders['registration'];
  inviteTtlHours: number;
  oidc: OidcConfig | null;
  /**
   * Which engine writes the words of recordings (DESIGN "Words for every voice"): TRANSCRIBE
   * as resolved at start, `auto` having become one of the three.
   */
  transcriptionEngine: TranscriptionEngineName;
  /** The OpenAI-compatible service; set exactly when `transcriptionEngine` is 'service'. */
  transcribe: { url: string; apiKey?: string; model: string } | null;
  /** The whisper.cpp engine on this machine; set exactly when `transcriptionEngine` is 'local'. */
  localTranscribe: LocalTranscribeConfig | null;
  llm: { url: string; apiKey?: string; model: string } | null;
  /** DESIGN "E-mail (optional)": SMTP_URL and MAIL_FROM, both or neither; null sends nothing and offers nothing. */
  mail: MailConfig | null;
  logLevel: string;
  /** Sign-ups accepted per client address and hour. */
  signupLimitPerHour: number;
  /** Where "Send Feedback" leads (accounts §2); by default an e-mail draft. */
  feedbackUrl: string;
  /**
   * Behind a load balancer: which X-Forwarded-For hops to believe (Fastify's trustProxy):
   * a number of proxies, or the proxies' addresses and ranges; true believes any (warned at start).
   */
  trustProxy: TrustProxy;
  /** Cookies carry `Secure` and the `__Host-` prefix when the public address is https. */
  secureCookies: boolean;
}

/** Reads the configuration; throws ConfigError whose message is the one line to print. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty (or blank) variables count as unset, as they do in most .env files.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = env.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${String(issue.path[0])} ${issue.message}`);
  }
  const values = parsed.data;

  const oidcParts = [values.OIDC_ISSUER, values.OIDC_CLIENT_ID, values.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    const missing = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].find((_, index) => !oidcParts[index]);
    throw new ConfigError(`Configuration error: ${missing} must be set too, since single sign-on is partly configured`);
  }

  const s3 = values.STORAGE === 's3' ? s3Config(values) : null;

  if (Boolean(values.SMTP_URL) !== Boolean(values.MAIL_FROM)) {
    const missing = values.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL';
    throw new ConfigError(`Configuration error: ${missing} must be set too, since mail is partly configured (SMTP_URL and MAIL_FROM go together)`);
  }

  const dataDir = resolve(values.DATA_DIR);
  const transcription = transcriptionConfig(values, dataDir);
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    dataDir,
    databaseUrl: values.DATABASE_URL ?? `sqlite:${join(dataDir, 'heirloom.db')}`,
    databaseSchema: values.DATABASE_SCHEMA ?? null,
    storage: values.STORAGE,
    s3,
    sessionSecret: values.SESSION_SECRET ?? generatedSecret(dataDir),
    registration: values.REGISTRATION,
    inviteTtlHours: values.INVITE_TTL_HOURS,
    oidc: values.OIDC_ISSUER
      ? {
          issuer: values.OIDC_ISSUER,
          clientId: values.OIDC_CLIENT_ID!,
          clientSecret: values.OIDC_CLIENT_SECRET!,
          name: values.OIDC_NAME ?? 'Single Sign-On',
        }
      : null,
    ...transcription,
    llm: values.LLM_URL ? { url: values.LLM_URL, apiKey: values.LLM_API_KEY, model: values.LLM_MODEL ?? 'gpt-4o-mini' } : null,
    mail: values.SMTP_URL && values.MAIL_FROM ? { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM } : null,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    signupLimitPerHour: values.SIGNUP_LIMIT_PER_HOUR,
    feedbackUrl: values.FEEDBACK_URL ?? 'mailto:?subject=Heirloom%20feedback',
    secureCookies: publicUrl.protocol === 'https:',
  };
}

/** SMTP_URL: smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), with a host. */
function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const address = new URL(value);
  return /^smtps?:$/.test(address.protocol) && address.hostname !== '';
}

/** What TRUST_PROXY takes, as its refusal says it. */
const TRUST_PROXY_FORMS =
  'must be false, the number of proxies in front of Heirloom (such as 1), or their addresses or ranges separated by commas (such as 10.0.0.0/8,::1)';

/** The names proxy-addr (Fastify's trustProxy) gives to the private and local ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, with or without a /prefix that fits it. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (issue 19): `true` let a client write its own address into X-Forwarded-For
 * and so escape every per-address limit. A hop count believes only the addresses our own
 * proxies added (the rightmost ones); a list believes hops from those addresses only.
 * Null for anything else.
 */
function trustProxyOf(value: string): TrustProxy | null {
  if (value === 'false') return false;
  if (value === 'true') return true;
  // 0 proxies believes no hop, as false does.
  if (/^\d{1,3}$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every((entry) => NAMED_RANGES.has(entry) || isAddressOrRange(entry)) ? entries : null;
}

/**
 * TRUST_PROXY as Fastify's trustProxy option. Fastify 5.12 takes a number as "trust no hop"
 * (it cannot tell a proxy from a client that writes the header itself), so a hop count goes
 * as the function proxy-addr asks of each address from the socket leftwards: the first
 * `hops` are our proxies'. It holds when Heirloom is reached only through them (README).
 */
/** An address of the app under PUBLIC_URL (`path` without its leading slash), whatever path PUBLIC_URL itself has. */
export const appAddress = (publicUrl: URL, path: string): string => new URL(path, publicUrl.href.endsWith('/') ? publicUrl : `${publicUrl.href}/`).href;

export function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The line main.ts logs at start when TRUST_PROXY=true, or null. */
export function trustProxyWarning(config: Pick<Config, 'trustProxy'>): string | null {
  if (config.trustProxy !== true) return null;
  return 'TRUST_PROXY=true believes any X-Forwarded-For, so a client can choose its own address and escape the sign-in and sign-up limits: set TRUST_PROXY to the number of proxies in front of Heirloom (such as 1) or to their addresses';
}

/** The line main.ts logs at start: which engine writes the words of recordings, and how to get one when none does. */
export function transcriptionEngineLine(config: Pick<Config, 'transcriptionEngine' | 'transcribe' | 'localTranscribe'>): string {
  const local = config.localTranscribe;
  if (local) {
    const language = local.language === 'auto' ? 'detected in each recording' : local.language;
    return `Words for recordings: written on this machine with ${basename(local.modelFile)} (${local.modelFile}; language ${language}; ${local.concurrency} at a time, ${local.threads} ${local.threads === 1 ? 'thread' : 'threads'} each)`;
  }
  // The address's origin only: a key or token in it stays out of the log.
  if (config.transcribe) return `Words for recordings: written by the transcription service at ${new URL(config.transcribe.url).origin} (${config.transcribe.model})`;
  return 'Words for recordings: none are written; run npm run models:get -- base and restart to have them written on this machine (or set TRANSCRIBE_URL)';
}

/** The S3 settings; a missing bucket or half a key pair stops start-up with one line. */
function s3Config(values: z.infer<typeof env>): S3Config {
  if (!values.S3_BUCKET) throw new ConfigError('Configuration error: S3_BUCKET must be set when STORAGE is s3');
  const keys = [values.S3_ACCESS_KEY_ID, values.S3_SECRET_ACCESS_KEY];
  if (keys.some(Boolean) && !keys.every(Boolean)) {
    const missing = values.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Configuration error: ${missing} must be set too, since the other half of the S3 key is set`);
  }
  return {
    bucket: values.S3_BUCKET,
    endpoint: values.S3_ENDPOINT,
    publicEndpoint: values.S3_PUBLIC_ENDPOINT,
    // Every S3-compatible store accepts a region; us-east-1 is what MinIO and R2 expect by default.
    region: values.S3_REGION ?? 'us-east-1',
    credentials: values.S3_ACCESS_KEY_ID ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
  };
}

/**
 * TRANSCRIBE (DESIGN "Words for every voice"): `auto` takes the service when TRANSCRIBE_URL is
 * set, else the local engine when a model file is there, else none; `local` and `service`
 * insist, and stop start-up with what to set when they cannot be had.
 */
function transcriptionConfig(values: z.infer<typeof env>, dataDir: string): Pick<Config, 'transcriptionEngine' | 'transcribe' | 'localTranscribe'> {
  const none = { transcriptionEngine: 'none', transcribe: null, localTranscribe: null } as const;
  const mode = values.TRANSCRIBE;
  if (mode === 'off') return none;

  if (mode === 'service' || (mode === 'auto' && values.TRANSCRIBE_URL)) {
    if (!values.TRANSCRIBE_URL) throw new ConfigError('Configuration error: TRANSCRIBE_URL must be set when TRANSCRIBE is service (the address of an OpenAI-compatible API)');
    return {
      transcriptionEngine: 'service',
      transcribe: { url: values.TRANSCRIBE_URL, apiKey: values.TRANSCRIBE_API_KEY, model: values.TRANSCRIBE_MODEL ?? 'whisper-1' },
      localTranscribe: null,
    };
  }

  const modelFile = values.TRANSCRIBE_MODEL_FILE ? namedModelFile(values.TRANSCRIBE_MODEL_FILE) : defaultModelFile(dataDir);
  if (!modelFile) {
    if (mode === 'auto') return none;
    throw new ConfigError(
      `Configuration error: TRANSCRIBE is local but no model file was found: run npm run models:get -- base, or set TRANSCRIBE_MODEL_FILE to a whisper.cpp ggml model (looked for ${modelSearchList(dataDir)})`,
    );
  }
  return {
    transcriptionEngine: 'local',
    transcribe: null,
    localTranscribe: {
      modelFile,
      language: values.TRANSCRIBE_LANGUAGE,
      threads: Math.max(1, availableParallelism() - 1),
      concurrency: values.TRANSCRIBE_CONCURRENCY,
    },
  };
}

/** Where `npm run models:get` puts models, and the default search looks (DATA_DIR/models). */
export function modelsDirOf(dataDir: string): string {
  return join(dataDir, 'models');
}

/** The files the default search tries, in order. */
function modelSearchList(dataDir: string): string {
  return DEFAULT_MODEL_NAMES.map((name) => join(modelsDirOf(dataDir), `ggml-${name}.bin`)).join(', ');
}

/** The first of DATA_DIR/models/ggml-{base,small,tiny}.bin that exists, or null. */
function defaultModelFile(dataDir: string): string | null {
  for (const name of DEFAULT_MODEL_NAMES) {
    const file = join(modelsDirOf(dataDir), `ggml-${name}.bin`);
    if (isFile(file)) return file;
  }
  return null;
}

/** TRANSCRIBE_MODEL_FILE names a file on purpose: when the local engine is in question, one that is not there is a mistake to stop on, not a reason to run without words. */
function namedModelFile(path: string): string {
  const file = resolve(path);
  if (!isFile(file)) throw new ConfigError(`Configuration error: TRANSCRIBE_MODEL_FILE names no file (${file}): run npm run models:get -- base, or correct the path`);
  return file;
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** One secret per installation, made on first start, so a single machine needs no setup. */
function generatedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
