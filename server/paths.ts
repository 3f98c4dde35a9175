// Where the package lives, the same from server/*.ts run by tsx and from the build's
// dist/server/server/*.js: the nearest folder above this module holding package.json.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`No package.json above ${from}`);
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The built web app (vite build); WEB_ROOT points elsewhere for side-by-side e2e runs. */
export const defaultWebRoot = join(packageRoot, 'dist', 'web');
