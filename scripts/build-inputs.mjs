// What a build is made from, as one hash: the build writes it into dist/build-stamp.json and
// `npm start` compares, so a current build is never built again and a stale one never runs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Everything vite and tsc read; tests are left out, since they change nothing that is built. */
const INPUT_FOLDERS = ['common', 'server', 'web'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts', 'postcss.config.cjs'];
const isTest = (path) => /\.test\.tsx?$/.test(path) || path.startsWith('web/src/test/');

export const STAMP_FILE = join('dist', 'build-stamp.json');

/** Whether the sources are here at all: a production image carries the build alone. */
export const hasSources = (root) => existsSync(join(root, 'server', 'main.ts'));

export function inputsHash(root) {
  const files = [...INPUT_FILES.filter((file) => existsSync(join(root, file)))];
  for (const folder of INPUT_FOLDERS) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = relative(root, join(entry.parentPath, entry.name)).split('\\').join('/');
      if (!isTest(path)) files.push(path);
    }
  }
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(file).update('\0').update(file === 'package-lock.json' ? lockedPackages(root) : readFileSync(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/**
 * The lock file's resolved packages, without its copy of package.json's own entry (hashed as
 * package.json itself): `npm prune --omit=dev` rewrites that entry, dropping an optional
 * dependency this platform cannot install (the arm64 speech engine on x64), and the operator's
 * build must still be the build of these sources after it.
 */
function lockedPackages(root) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  delete lock.packages?.[''];
  return JSON.stringify(lock);
}

/** The hash the current build was made from, or null when there is no finished build. */
export function builtFrom(root) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8')).inputs ?? null;
  } catch {
    return null;
  }
}
