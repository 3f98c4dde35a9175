// Runs one of the server's entry points from the build, as plain JavaScript:
//   node scripts/launch.mjs server/main.ts [arguments…]
// A current build runs as it is. A stale or missing one is built first when the build tools
// are installed (a newcomer's `npm install && npm start`); after `npm prune --omit=dev` they
// are not, and the operator is told what to run instead of getting yesterday's code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtFrom, hasSources, inputsHash } from './build-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...rest] = process.argv.slice(2);
if (!entry || !/^server\/[\w/-]+\.ts$/.test(entry)) {
  console.error('Usage: node scripts/launch.mjs server/<entry>.ts [arguments…]');
  process.exit(2);
}
const built = join(root, 'dist', 'server', entry.replace(/\.ts$/, '.js'));

const current = () => existsSync(built) && (!hasSources(root) || builtFrom(root) === inputsHash(root));

if (!current()) {
  const canBuild = existsSync(join(root, 'node_modules', '.bin', 'vite')) && existsSync(join(root, 'node_modules', '.bin', 'tsc'));
  if (!canBuild) {
    console.error(
      existsSync(built)
        ? 'The build in dist/ is older than the sources, and the build tools are not installed. Run `npm ci && npm run build` (then `npm prune --omit=dev` if you like), and start again.'
        : 'There is no build in dist/ and the build tools are not installed. Run `npm ci && npm run build`, and start again.',
    );
    process.exit(1);
  }
  console.log('Building Heirloom first (the sources changed since the last build)…');
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// In this process, so signals (SIGTERM from a container runtime) reach the server itself.
process.argv = [process.argv[0], built, ...rest];
await import(pathToFileURL(built).href);
