// The server's floors (issue 21 "Parallel rooms"; ARCHITECTURE.md "The server's floors"): a
// kernel, a shared floor and the features side by side above it, with app.ts and main.ts
// wiring them. Every import of every server file that is not a test is read here, and the
// rules that keep the house flat are checked on them:
// - the kernel imports only the kernel;
// - the shared floor imports only the kernel and itself;
// - a feature imports the kernel, and the shared floor and other features only through
//   their index.ts;
// - nothing imports the wiring, nothing of the product imports tests' support;
// - no two folders import each other, however far round.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = dirname(fileURLToPath(import.meta.url));

/** The kernel: what every feature stands on and which knows no feature. */
const KERNEL = ['config.ts', 'public-config.ts', 'context.ts', 'events.ts', 'paths.ts', 'sealing.ts', 'db', 'http', 'providers', 'jobs', 'mail', 'audio/decode', 'media/sharp.ts'];
/**
 * Folders and files inside a feature's folder that are rooms of their own, run in child
 * processes that must not load the feature around them: audio/decode turns any recording into
 * samples, knows no feature, and the local transcription engine (a provider) runs it in its
 * child; media/sharp.ts is sharp as every image decode takes it (its settings, its turns),
 * which the book renderer's child scales photos with.
 */
const ROOMS_WITHIN = ['audio/decode', 'media/sharp.ts'];
/** The shared floor: what several features need of one another, reached through its index.ts. */
const SHARED = ['access', 'media', 'people'];
/** Where the features are put together: nothing imports these. */
const WIRING = ['app.ts', 'main.ts'];

type Floor = 'kernel' | 'shared' | 'feature' | 'wiring';

/** A file's room: its top folder under server/ (or one of ROOMS_WITHIN), or the file itself at the top. */
const roomOf = (file: string) => ROOMS_WITHIN.find((room) => file === room || file.startsWith(`${room}/`)) ?? file.split('/')[0]!;

function floorOf(room: string): Floor {
  if (KERNEL.includes(room)) return 'kernel';
  if (SHARED.includes(room)) return 'shared';
  if (WIRING.includes(room)) return 'wiring';
  return 'feature';
}

/** Tests and what only tests use: they may reach anywhere. */
const isTestFile = (file: string) =>
  file.startsWith('test/') || /\.test\.ts$|test-support\.ts$|\.d\.ts$/.test(file) || /(^|\/)test-[^/]*\.ts$/.test(file) || file === 'providers/storage/compliance.ts';

/** An import from one server file of another, both relative to server/. */
interface Import {
  from: string;
  to: string;
}

/** What is wrong with one import, or null. */
function floorViolation({ from, to }: Import): string | null {
  const [fromRoom, toRoom] = [roomOf(from), roomOf(to)];
  if (isTestFile(to) && !isTestFile(from)) return `${from} imports test support ${to}`;
  if (fromRoom === toRoom) return null;
  const [fromFloor, toFloor] = [floorOf(fromRoom), floorOf(toRoom)];
  if (fromFloor === 'wiring') return null;
  if (toFloor === 'wiring') return `${from} imports the wiring ${to}`;
  if (toFloor === 'kernel') return null;
  if (fromFloor === 'kernel') return `${from} (kernel) imports ${to} (${toFloor === 'shared' ? 'shared floor' : 'a feature'})`;
  if (fromFloor === 'shared' && toFloor === 'feature') return `${from} (shared floor) imports ${to} (a feature)`;
  if (to !== `${toRoom}/index.ts`) return `${from} imports ${to}, not ${toRoom}/index.ts`;
  return null;
}

/** Every cycle of rooms: the rooms of each strongly connected part of the import graph (Tarjan). */
function roomCycles(imports: Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [roomOf(from), roomOf(to)];
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (room: string) => {
    index.set(room, index.size);
    low.set(room, index.get(room)!);
    stack.push(room);
    for (const next of edges.get(room) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(room, Math.min(low.get(room)!, index.get(next)!));
    }
    if (low.get(room) !== index.get(room)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      part.push(member);
    } while (member !== room);
    if (part.length > 1) cycles.push(part.sort());
  };
  for (const room of edges.keys()) if (!index.has(room)) visit(room);
  return cycles;
}

function serverFiles(folder = SERVER): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SERVER, path).split('\\').join('/')] : [];
  });
}

/** The server files a file imports (static, dynamic, re-exports, type-only alike); common/ and packages are not ours to floor. */
function importsOf(file: string): Import[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(SERVER, file), 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, '.ts'))
    .filter((to) => !to.startsWith('../'))
    .map((to) => ({ from: file, to }));
}

const productImports = () => serverFiles().filter((file) => !isTestFile(file)).flatMap(importsOf);

describe("the server's floors", () => {
  it('reads the imports of the product (the check has something to check)', () => {
    const imports = productImports();
    expect(imports.length).toBeGreaterThan(300);
    expect(imports).toContainEqual({ from: 'app.ts', to: 'http/session.ts' });
    expect(imports).toContainEqual({ from: 'memories/edit-routes.ts', to: 'http/session.ts' });
  });

  it('keeps every import on its floor: the kernel knows no feature, the shared floor no feature, features meet through index.ts', () => {
    const violations = productImports().map(floorViolation).filter(Boolean);
    expect(violations.join('\n')).toBe('');
  });

  it('has no cycle between folders', () => {
    expect(roomCycles(productImports()).map((rooms) => rooms.join(' <-> ')).join('\n')).toBe('');
  });

  it('finds the imports that break the floors', () => {
    const cases: [Import, string | null][] = [
      [{ from: 'http/session.ts', to: 'auth/sessions.ts' }, 'http/session.ts (kernel) imports auth/sessions.ts (a feature)'],
      [{ from: 'db/open.ts', to: 'media/index.ts' }, 'db/open.ts (kernel) imports media/index.ts (shared floor)'],
      [{ from: 'events.ts', to: 'notifications/index.ts' }, 'events.ts (kernel) imports notifications/index.ts (a feature)'],
      [{ from: 'access/index.ts', to: 'memories/index.ts' }, 'access/index.ts (shared floor) imports memories/index.ts (a feature)'],
      [{ from: 'comments/present.ts', to: 'timelines/present.ts' }, 'comments/present.ts imports timelines/present.ts, not timelines/index.ts'],
      [{ from: 'memories/routes.ts', to: 'people/routes.ts' }, 'memories/routes.ts imports people/routes.ts, not people/index.ts'],
      [{ from: 'memories/index.ts', to: 'app.ts' }, 'memories/index.ts imports the wiring app.ts'],
      [{ from: 'access/rules.ts', to: 'memories/test-support.ts' }, 'access/rules.ts imports test support memories/test-support.ts'],
      [{ from: 'comments/present.ts', to: 'people/index.ts' }, null],
      [{ from: 'media/service.ts', to: 'access/index.ts' }, null],
      [{ from: 'timelines/service.ts', to: 'memories/index.ts' }, null],
      [{ from: 'users/routes.ts', to: 'http/session.ts' }, null],
      [{ from: 'memories/form.ts', to: 'memories/service.ts' }, null],
      [{ from: 'app.ts', to: 'people/routes.ts' }, null],
      [{ from: 'main.ts', to: 'media/orphans.ts' }, null],
      [{ from: 'providers/ai/local/engine-child.ts', to: 'audio/decode/index.ts' }, null],
      [{ from: 'audio/service.ts', to: 'audio/decode/index.ts' }, null],
      [{ from: 'audio/decode/index.ts', to: 'audio/service.ts' }, 'audio/decode/index.ts (kernel) imports audio/service.ts (a feature)'],
    ];
    for (const [anImport, expected] of cases) expect(floorViolation(anImport), `${anImport.from} -> ${anImport.to}`).toBe(expected);
  });

  it('finds a cycle between folders, however far round', () => {
    const imports = (...pairs: [string, string][]) => pairs.map(([from, to]) => ({ from, to }));
    expect(roomCycles(imports(['auth/routes.ts', 'users/index.ts'], ['users/routes.ts', 'auth/session-plugin.ts']))).toEqual([['auth', 'users']]);
    expect(roomCycles(imports(['a/x.ts', 'b/index.ts'], ['b/y.ts', 'c/index.ts'], ['c/z.ts', 'a/index.ts'], ['d/w.ts', 'a/index.ts']))).toEqual([['a', 'b', 'c']]);
    expect(roomCycles(imports(['memories/form.ts', 'memories/service.ts'], ['memories/service.ts', 'memories/form.ts'], ['comments/x.ts', 'memories/index.ts']))).toEqual([]);
  });
});
