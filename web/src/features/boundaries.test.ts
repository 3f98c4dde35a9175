// Issue 21 "The web in one style": features meet only through each other's index.ts, never in
// a circle, and the shell (src/shell/) is the app layer above them that no feature imports.
// memories and memory-detail once imported each other in a seven-file cycle that only a lazy()
// broke at run time; this reads every import of the web's own code (test files aside: a test
// may reach into what it tests) and fails on any such shape.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(__dirname, '..');
const features = join(src, 'features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' && dir === src ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || /test-support|TestKit|\.d\.ts$/.test(name)) return [];
    return [path];
  });
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const ending of CANDIDATES) {
    const path = base + ending;
    try {
      if (statSync(path).isFile()) return path;
    } catch {
      // not this ending
    }
  }
  return null;
}

interface Edge {
  from: string;
  to: string;
  dynamic: boolean;
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const edges: Edge[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    const to = resolveImport(file, specifier);
    if (to && /\.tsx?$/.test(to)) edges.push({ from: file, to, dynamic: match[3] !== undefined });
  }
  return edges;
}

const files = sourceFiles(src);
const edges = files.flatMap(importsOf);
const rel = (path: string) => relative(src, path);
const featureOf = (path: string) => (path.startsWith(features + '/') ? relative(features, path).split('/')[0] : null);

/** Strongly connected groups of more than one node (Tarjan), each sorted, in sorted order. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a.join().localeCompare(b.join()));
}

function graphOf(pairs: [string, string][]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    graph.get(a)!.add(b);
  }
  return graph;
}

describe('the web features meet only through index.ts, in no circle', () => {
  it('reads the imports it checks (the test would pass on nothing otherwise)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.some((edge) => rel(edge.from) === 'features/memories/card/MemoryCard.tsx' && rel(edge.to) === 'features/memories/openMemory.ts')).toBe(true);
    expect(edges.some((edge) => edge.dynamic && rel(edge.to) === 'features/memories/detail/MemoryDetailDialog.tsx')).toBe(true);
  });

  // The app layer (App, SignedInApp, the shell) may load a feature's page or dialog as a chunk.
  it("imports nothing of another feature but its index.ts, from inside a feature", () => {
    const reachingIn = edges
      .filter((edge) => {
        const from = featureOf(edge.from);
        const to = featureOf(edge.to);
        return from !== null && to !== null && to !== from && rel(edge.to) !== `features/${to}/index.ts`;
      })
      .map((edge) => `${rel(edge.from)} -> ${rel(edge.to)}`);
    expect(reachingIn).toEqual([]);
  });

  it('has no circle between features, lazy imports included', () => {
    const pairs = edges
      .map((edge) => [featureOf(edge.from), featureOf(edge.to)] as const)
      .filter((pair): pair is [string, string] => pair[0] !== null && pair[1] !== null && pair[0] !== pair[1]);
    expect(cycles(graphOf(pairs))).toEqual([]);
  });

  it('has no circle between files of the web (static imports)', () => {
    const pairs = edges.filter((edge) => !edge.dynamic).map((edge): [string, string] => [rel(edge.from), rel(edge.to)]);
    expect(cycles(graphOf(pairs))).toEqual([]);
  });

  it('keeps the shell (the app layer) above everything: only SignedInApp imports it', () => {
    const intoShell = edges.filter((edge) => rel(edge.to).startsWith('shell/') && !rel(edge.from).startsWith('shell/')).map((edge) => rel(edge.from));
    expect(intoShell.every((from) => from === 'SignedInApp.tsx')).toBe(true);
  });

  it('keeps features out of the shared layers (api, lib, components)', () => {
    const upward = edges
      .filter((edge) => /^(api|lib|components)\//.test(rel(edge.from)) && (featureOf(edge.to) !== null || rel(edge.to).startsWith('shell/')))
      .map((edge) => `${rel(edge.from)} -> ${rel(edge.to)}`);
    expect(upward).toEqual([]);
  });
});
