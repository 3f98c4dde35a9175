// DESIGN "E-mail (optional)": SMTP_URL and MAIL_FROM, both or neither; a bad value stops
// start-up with one line naming the variable, and never repeats the address (it may hold a password).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function load(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-mail-config-'));
  dirs.push(dataDir);
  return loadConfig({ DATA_DIR: dataDir, ...env });
}

function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('mail configuration', () => {
  it('is off without SMTP_URL and MAIL_FROM', () => {
    expect(load({}).mail).toBeNull();
  });

  it('reads smtp:// and smtps:// addresses with a sender', () => {
    expect(load({ SMTP_URL: 'smtps://heirloom:s3cret@mail.example.org:465', MAIL_FROM: 'Heirloom <heirloom@example.org>' }).mail).toEqual({
      smtpUrl: 'smtps://heirloom:s3cret@mail.example.org:465',
      from: 'Heirloom <heirloom@example.org>',
    });
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'heirloom@example.org' }).mail).toEqual({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'heirloom@example.org' });
  });

  it.each([
    [{ SMTP_URL: 'mail.example.org:25', MAIL_FROM: 'a@example.org' }, 'Configuration error: SMTP_URL must be an smtp:// or smtps:// address such as smtps://user:password@mail.example.org:465'],
    [{ SMTP_URL: 'https://user:hunter2@mail.example.org', MAIL_FROM: 'a@example.org' }, 'Configuration error: SMTP_URL must be an smtp:// or smtps:// address such as smtps://user:password@mail.example.org:465'],
    [{ SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'heirloom' }, 'Configuration error: MAIL_FROM must be an address such as heirloom@example.org or Heirloom <heirloom@example.org>'],
    [{ SMTP_URL: 'smtp://mail.example.org' }, 'Configuration error: MAIL_FROM must be set too, since mail is partly configured (SMTP_URL and MAIL_FROM go together)'],
    [{ MAIL_FROM: 'heirloom@example.org' }, 'Configuration error: SMTP_URL must be set too, since mail is partly configured (SMTP_URL and MAIL_FROM go together)'],
  ])('refuses %o with one line that names the variable and not its password', (env, message) => {
    const line = refusal(env);
    expect(line).toBe(message);
    expect(line).not.toContain('hunter2');
  });
});
