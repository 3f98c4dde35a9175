// A Heirloom server as production runs it: its own process (`node --import tsx
// server/main.ts`), configured by the environment, for the tests inject cannot reach:
// several instances side by side, a SIGTERM, connections held open.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** How long a start (migrations included) or a stop may take before the test gives up. */
const START_MS = 45_000;
const STOP_MS = 20_000;

/**
 * Heirloom's own variables, cleared from what the test's environment would pass on (a
 * developer's shell or .env may hold STORAGE=s3 or an OIDC issuer): an instance runs with
 * exactly what its test gives it.
 */
const HEIRLOOM_VARIABLES = [
  'PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_SCHEMA', 'STORAGE',
  'S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE',
  'SESSION_SECRET', 'REGISTRATION', 'INVITE_TTL_HOURS', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME',
  'TRANSCRIBE_URL', 'TRANSCRIBE_API_KEY', 'TRANSCRIBE_MODEL', 'LLM_URL', 'LLM_API_KEY', 'LLM_MODEL',
  'TRUST_PROXY', 'SIGNUP_LIMIT_PER_HOUR', 'FEEDBACK_URL', 'LOG_LEVEL', 'WEB_ROOT', 'SMTP_URL', 'MAIL_FROM',
];

export interface Instance {
  /** Where it listens, such as http://127.0.0.1:41234. */
  origin: string;
  port: number;
  pid: number;
  /** Its exit code (null when a signal ended it), once it has exited. */
  exited: Promise<number | null>;
  /** Everything it printed so far, for failure messages. */
  output(): string;
  /** Resolves once a line it prints matches `pattern` (already printed ones count). */
  printed(pattern: RegExp, ms?: number): Promise<string>;
  /** SIGTERM, then its exit code; SIGKILL and an error if it has not exited in 20 s. */
  stop(): Promise<number | null>;
  /** SIGKILL unless it has exited: the safety net of an afterAll. */
  kill(): void;
}

/**
 * Starts server/main.ts and resolves once it listens. `env` is its whole Heirloom
 * configuration: HOST defaults to 127.0.0.1 and PORT to one of the system's choosing (so
 * parallel runs never collide; a restart on the same address gives its own); LOG_LEVEL is
 * the helper's.
 */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const cleared = Object.fromEntries(HEIRLOOM_VARIABLES.map((name) => [name, '']));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    // Logging at info is how the listening address and each request are known.
    env: { ...process.env, ...cleared, HOST: '127.0.0.1', PORT: '0', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const watcher of watchers) watcher();
  });

  const printed = (pattern: RegExp, ms = START_MS) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => settle(new Error(`No line matching ${pattern} within ${ms} ms:\n${output}`)), ms);
      const settle = (error: Error | null, line?: string) => {
        clearTimeout(timer);
        watchers.delete(check);
        if (error) reject(error);
        else resolve(line!);
      };
      const check = () => {
        const line = output.split('\n').find((candidate) => pattern.test(candidate));
        if (line !== undefined) settle(null, line);
        else if (hasExited) settle(new Error(`The instance exited before printing ${pattern}:\n${output}`));
      };
      watchers.add(check);
      check();
    });

  const kill = () => {
    if (!hasExited) child.kill('SIGKILL');
  };
  let origin: string;
  try {
    origin = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(await printed(/Server listening at http:\/\/127\.0\.0\.1:\d+/))![1]!;
  } catch (error) {
    kill();
    throw error;
  }

  return {
    origin,
    port: Number(new URL(origin).port),
    pid: child.pid!,
    exited,
    output: () => output,
    printed,
    kill,
    async stop() {
      if (!hasExited) child.kill('SIGTERM');
      const timer = setTimeout(kill, STOP_MS);
      const code = await exited;
      clearTimeout(timer);
      if (code === null && child.signalCode === 'SIGKILL') throw new Error(`The instance did not stop within ${STOP_MS} ms of SIGTERM:\n${output}`);
      return code;
    },
  };
}
