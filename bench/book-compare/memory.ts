// Memory of a process and everything it started (issue 24 counts the renderer's children with
// the server): /proc read every few milliseconds, the sum over the tree at each reading, and
// the highest sum seen. RSS counts a page shared by two processes (Chromium's many) twice; PSS
// shares it out, so both are kept.
import { readdirSync, readFileSync } from 'node:fs';

/** The process `root` and its descendants alive now. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The name in brackets may hold spaces: the parent is the second field after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

const kbField = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;

/** RSS and PSS of the tree now, summed, in bytes; the processes counted. */
export function treeMemory(root: number): { rss: number; pss: number; processes: number } {
  let rss = 0;
  let pss = 0;
  let processes = 0;
  for (const pid of processTree(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += kbField(rollup, 'Rss');
      pss += kbField(rollup, 'Pss');
      processes++;
    } catch {
      // Exited meanwhile.
    }
  }
  return { rss, pss, processes };
}

/** Reads the tree every `everyMs` until stopped; answers the highest sums seen (each on its own) and the most processes. */
export function watchTree(root: number, everyMs = 50): { stop: () => { rss: number; pss: number; processes: number } } {
  const peak = { rss: 0, pss: 0, processes: 0 };
  const read = () => {
    const now = treeMemory(root);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.pss = Math.max(peak.pss, now.pss);
    peak.processes = Math.max(peak.processes, now.processes);
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}
