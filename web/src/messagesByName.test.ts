// Issue 21 "First load": the build loads the web's words by name (vite.config.ts, messagesByName),
// so a chunk carries the entries of common/messages.ts its code reads and no others. Built for
// real (vite, the plugin alone) over a small web root that imports messages.ts itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages';
import { messagesByName } from '../../vite.config';

const MESSAGES = fileURLToPath(new URL('../../common/messages.ts', import.meta.url));
let dir = '';

/** Builds `code` as the entry of a web root; answers the built module's text and its exports. */
async function built(code: string): Promise<{ text: string; exports: Record<string, unknown> }> {
  dir = mkdtempSync(join(tmpdir(), 'heirloom-messages-'));
  writeFileSync(join(dir, 'entry.ts'), code.replaceAll('MESSAGES', JSON.stringify(MESSAGES)));
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [messagesByName()],
    build: { outDir: join(dir, 'out'), minify: false, lib: { entry: join(dir, 'entry.ts'), formats: ['es'], fileName: () => 'entry.js' } },
  });
  const file = join(dir, 'out', 'entry.js');
  return { text: readFileSync(file, 'utf8'), exports: { ...((await import(pathToFileURL(file).href)) as Record<string, unknown>) } };
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the build loads messages by name', () => {
  it('ships the entries a module reads, with their values, a function entry and a spread one among them, and none of the others', async () => {
    const { text, exports } = await built(`import { messages } from MESSAGES;
export const loading = messages.loading;
export const signedOut = messages.otherDevicesSignedOut(2);
export const stop = messages.tellStop;`);
    expect(exports).toEqual({ loading: messages.loading, signedOut: messages.otherDevicesSignedOut(2), stop: messages.tellStop });
    expect(text).not.toContain(messages.tooManySignIns);
    expect(text).not.toContain(messages.captureAMemory);
  });

  it('refuses a module that reads messages other than by a name, which would ship every word', async () => {
    await expect(built(`import { messages } from MESSAGES;\nexport const pick = (name: keyof typeof messages) => messages[name];`)).rejects.toThrow(
      /`messages` is used other than as messages\.<name>/,
    );
  });
});
