// npm run build: the web app (vite) and the server as plain JavaScript (tsc), then the stamp
// that says what they were built from. The hash is taken before building, so a file edited
// while the build runs makes the stamp stale rather than the build silently old.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash, STAMP_FILE } from './build-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const inputs = inputsHash(root);

// A build that fails half-way must not pass for a finished one.
rmSync(join(root, STAMP_FILE), { force: true });
rmSync(join(root, 'dist', 'server'), { recursive: true, force: true });

for (const [tool, ...args] of [
  ['vite', 'build'],
  ['tsc', '-p', 'tsconfig.build.json'],
]) {
  const run = spawnSync(join(root, 'node_modules', '.bin', tool), args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`The build stopped: ${tool} ${args.join(' ')} failed.`);
    process.exit(run.status ?? 1);
  }
}

mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, STAMP_FILE), JSON.stringify({ inputs, builtAt: new Date().toISOString() }, null, 2) + '\n');
console.log('Built dist/web and dist/server.');
