// One child of bench/book-compare/ run to its end, its time and the peak memory of it and its
// children read from /proc all the while.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../support.js';
import { watchTree } from './memory.js';

export interface Measured {
  seconds: number;
  /** Highest sum over the process and its children, or the process's own VmHWM if higher. */
  rss: number;
  pss: number;
  processes: number;
  pages: number | null;
}

/** `nice`: run the child at that niceness (nice(1) execs it, so the pid watched is the child's). */
export async function measure(script: string, photos: string, out: string, work: string, env: Record<string, string> = {}, nice = 0): Promise<Measured> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const started = performance.now();
  const command = [process.execPath, '--import', 'tsx', join('bench/book-compare', script), photos, out, work];
  const child = spawn(nice === 0 ? command[0]! : 'nice', nice === 0 ? command.slice(1) : ['-n', String(nice), ...command], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const watch = watchTree(child.pid!);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const peak = watch.stop();
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  const last = JSON.parse(output.trim().split('\n').at(-1)!) as { pages: number | null; hwmBytes: number };
  return { seconds, rss: Math.max(peak.rss, last.hwmBytes), pss: peak.pss, processes: peak.processes, pages: last.pages };
}
