// The real process: first start on an empty data folder, and a graceful stop on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** Starts server/main.ts on a free port and resolves with its address once it listens. */
function startServer(dataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; origin: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve({ child, origin: listening[1]!, exited });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
}

describe('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates its data folder and database on first start, and stops cleanly on SIGTERM', { timeout: 60_000 }, async () => {
    const folder = join(dataDir, 'fresh');
    const { child, origin, exited } = await startServer(folder);

    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const signUp = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.org', password: 'a long family secret' }),
    });
    expect(signUp.status).toBe(201);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    // The acknowledged sign-up is on disk, in a database that migrations created.
    expect(existsSync(join(folder, 'session-secret'))).toBe(true);
    const database = new SQLite(join(folder, 'heirloom.db'), { readonly: true });
    try {
      expect(database.prepare('select email from users').all()).toEqual([{ email: 'first@example.org' }]);
      expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      database.close();
    }
  });

  it('serves the web build WEB_ROOT names by a path relative to the working folder', { timeout: 60_000 }, async () => {
    const build = join(dataDir, 'other-build');
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, 'index.html'), '<!doctype html><title>The other build</title>');
    const { child, origin, exited } = await startServer(join(dataDir, 'for-web-root'), { WEB_ROOT: relative(projectRoot, build) });

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>The other build</title>');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
