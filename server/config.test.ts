import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'heirloom-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The ConfigError that `env` produces (with a throwaway DATA_DIR). */
function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: `sqlite:${join(dataDir, 'heirloom.db')}`,
      databaseSchema: null,
      storage: 'local',
      s3: null,
      registration: 'open',
      inviteTtlHours: 48,
      oidc: null,
      transcriptionEngine: 'none',
      transcribe: null,
      localTranscribe: null,
      llm: null,
      logLevel: 'info',
      trustProxy: false,
      secureCookies: false,
      signupLimitPerHour: 20,
      feedbackUrl: 'mailto:?subject=Heirloom%20feedback',
    });
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
  });

  it('treats blank variables as unset, and reads the sign-up limit and feedback address', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '  ', SIGNUP_LIMIT_PER_HOUR: '5', FEEDBACK_URL: 'https://forms.example.org/heirloom' });
    expect(config.port).toBe(3000);
    expect(config.signupLimitPerHour).toBe(5);
    expect(config.feedbackUrl).toBe('https://forms.example.org/heirloom');
    expect(refusal({ SIGNUP_LIMIT_PER_HOUR: '0' }).message).toBe('Configuration error: SIGNUP_LIMIT_PER_HOUR must be a whole number');
    expect(refusal({ FEEDBACK_URL: 'javascript:alert(1)' }).message).toBe(
      'Configuration error: FEEDBACK_URL must be an http(s) or mailto: address',
    );
  });

  it('derives PUBLIC_URL from PORT, and secure cookies from an https PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '8080' }).publicUrl.origin).toBe('http://localhost:8080');
    const https = loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://memories.example.org' });
    expect(https.secureCookies).toBe(true);
    expect(https.publicUrl.origin).toBe('https://memories.example.org');
  });

  it('selects PostgreSQL from DATABASE_URL and single sign-on from the three OIDC variables', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://heirloom@db/heirloom',
      OIDC_ISSUER: 'https://sso.example.org',
      OIDC_CLIENT_ID: 'heirloom',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.databaseUrl).toBe('postgres://heirloom@db/heirloom');
    expect(config.databaseSchema).toBeNull();
    expect(config.oidc).toEqual({ issuer: 'https://sso.example.org', clientId: 'heirloom', clientSecret: 'secret', name: 'Single Sign-On' });
  });

  it('reads the S3 settings when STORAGE is s3, with region us-east-1 and the SDK’s own credentials by default', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE: 's3',
      S3_BUCKET: 'family-media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://media.example.org',
      S3_ACCESS_KEY_ID: 'heirloom',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toEqual({
      bucket: 'family-media',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'https://media.example.org',
      region: 'us-east-1',
      credentials: { accessKeyId: 'heirloom', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-3' }).s3).toEqual({
      bucket: 'b',
      endpoint: undefined,
      publicEndpoint: undefined,
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: false,
    });
    // S3 variables without STORAGE=s3 change nothing.
    expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'b' }).s3).toBeNull();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '', REGISTRATION: '' })).toMatchObject({ port: 3000, registration: 'open' });
  });

  it.each([
    [{ PORT: 'abc' }, 'Configuration error: PORT must be a port number'],
    [{ PORT: '70000' }, 'Configuration error: PORT must be a port number'],
    [{ PORT: '3000.5' }, 'Configuration error: PORT must be a port number'],
    [{ REGISTRATION: 'maybe' }, 'Configuration error: REGISTRATION must be open, invite or closed'],
    [{ DATABASE_URL: 'mysql://x' }, 'Configuration error: DATABASE_URL must start with postgres:// or sqlite:'],
    [{ PUBLIC_URL: 'memories.example.org' }, 'Configuration error: PUBLIC_URL must be an http(s) URL such as https://memories.example.org'],
    [{ SESSION_SECRET: 'short' }, 'Configuration error: SESSION_SECRET must be at least 32 characters'],
    [{ INVITE_TTL_HOURS: '0' }, 'Configuration error: INVITE_TTL_HOURS must be a positive number of hours'],
    [{ DATABASE_SCHEMA: 'Family-Memories' }, 'Configuration error: DATABASE_SCHEMA must be a schema name of lower-case letters, digits and _'],
    [{ STORAGE: 'ftp' }, 'Configuration error: STORAGE must be local or s3'],
    [{ STORAGE: 's3' }, 'Configuration error: S3_BUCKET must be set when STORAGE is s3'],
    [{ STORAGE: 's3', S3_BUCKET: ' ' }, 'Configuration error: S3_BUCKET must be set when STORAGE is s3'],
    [
      { STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'heirloom' },
      'Configuration error: S3_SECRET_ACCESS_KEY must be set too, since the other half of the S3 key is set',
    ],
    [{ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'Configuration error: S3_ENDPOINT must be an http(s) URL of an S3-compatible API such as https://s3.example.org'],
    [
      { STORAGE: 's3', S3_BUCKET: 'b', S3_PUBLIC_ENDPOINT: 'media.example.org' },
      'Configuration error: S3_PUBLIC_ENDPOINT must be an http(s) URL that browsers reach the bucket at, such as https://media.example.org',
    ],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'Configuration error: S3_FORCE_PATH_STYLE must be true or false'],
    [
      { OIDC_ISSUER: 'https://sso.example.org', OIDC_CLIENT_SECRET: 'secret' },
      'Configuration error: OIDC_CLIENT_ID must be set too, since single sign-on is partly configured',
    ],
    [
      { OIDC_CLIENT_ID: 'heirloom', OIDC_CLIENT_SECRET: 'secret' },
      'Configuration error: OIDC_ISSUER must be set too, since single sign-on is partly configured',
    ],
  ])('refuses %o with one line: %s', (env, message) => {
    const error = refusal(env);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('\n');
  });

  it('generates a session secret once into DATA_DIR and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[\w-]{43}$/);
    const file = join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).sessionSecret).not.toBe(first);
  });

  it('uses SESSION_SECRET when set, and then writes no file', () => {
    const dataDir = tempDir();
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(() => statSync(join(dataDir, 'session-secret'))).toThrow();
  });
});

describe('start-up with a bad configuration', () => {
  it('exits with code 1 and prints one line naming the variable', async () => {
    const dataDir = tempDir();
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'server/main.ts'],
        { cwd: projectRoot, env: { PATH: process.env.PATH, PORT: 'abc', DATA_DIR: dataDir }, timeout: 50_000 },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(code).toBe(1);
    expect(stderr.split('\n')[0]).toBe('Configuration error: PORT must be a port number');
    expect(stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
