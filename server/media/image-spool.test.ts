// issue 19: the image spool lives in the system's temporary folder, outside DATA_DIR, so the
// start-up sweep of the store's partial files never sees it; a process killed mid-upload
// would leave a member's photo there. The next start removes the spools of dead processes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spoolFolder, spoolFolderOf, sweepAbandonedSpools } from './image-spool.js';

/** The pid of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('sweeping abandoned image spools', () => {
  const arriving = join(spoolFolder, 'arriving');
  afterEach(() => rmSync(arriving, { force: true }));

  it("removes a stopped process's spool with the photo in it, and keeps the spool of a running one", async () => {
    const abandoned = spoolFolderOf(deadPid());
    mkdirSync(abandoned, { recursive: true });
    writeFileSync(join(abandoned, 'half-a-photo'), Buffer.alloc(1024, 7));
    mkdirSync(spoolFolder, { recursive: true });
    writeFileSync(arriving, Buffer.alloc(16));

    const removed = await sweepAbandonedSpools();

    expect(removed).toContain(abandoned.split('/').pop());
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(arriving)).toBe(true);
  });
});
