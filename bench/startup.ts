// Benchmark (issue 11 "Production build and start"): how soon the built server answers
// /healthz when started with `npm start`'s command on a data folder that already holds a
// family's memories. Target: within 2 seconds. The reference is a bare Node HTTP server
// started and polled the same way in the same run, which is what starting any Node service
// costs on this machine.
//
//   npm run bench:startup [-- --memories 2000] [-- --rounds 7]
//
// Writes its section of bench/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeSection } from './readme.js';
import { freePort, log, median, root, waitFor } from './support.js';

const TARGET_MS = 2000;

/** Spawns `command`, polls `/healthz` until it answers 2xx, stops it; answers the milliseconds in between. */
async function timeToHealthy([command, ...args]: string[], env: Record<string, string>, port: number): Promise<number> {
  const startedAt = performance.now();
  // Its own process group, so the signal reaches npm's child as well.
  const child = spawn(command!, args, { cwd: root, detached: true, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, child, { everyMs: 5 });
    return performance.now() - startedAt;
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const BARE_SERVER = `require('node:http').createServer((_, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { memories: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '7' } } });
  const memories = Number(values.memories);
  const rounds = Number(values.rounds);
  const load = loadavg()[0]!.toFixed(1);

  // The build npm start runs; built here when stale, as npm start itself would.
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-startup-'));
  try {
    log(`Seeding ${memories} memories…`);
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', '--dir', dataDir, '--memories', String(memories)], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (seed.status !== 0) throw new Error('seeding failed');

    const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', STORAGE: 'local', WEB_ROOT: '' };
    const heirloom: number[] = [];
    const bare: number[] = [];
    // Taking turns, so a busy moment weighs on both.
    for (let round = 0; round < rounds; round++) {
      heirloom.push(await timeToHealthy(['npm', 'start'], env, await freePort()));
      bare.push(await timeToHealthy([process.execPath, '-e', BARE_SERVER], {}, await freePort()));
      log(`round ${round + 1}: Heirloom ${heirloom.at(-1)!.toFixed(0)} ms, bare Node ${bare.at(-1)!.toFixed(0)} ms`);
    }
    const ours = median(heirloom);
    const reference = median(bare);
    writeSection(
      'startup',
      `## Start on an existing data folder (the operator's build)

Command: \`npm run bench:startup -- --memories ${memories} --rounds ${rounds}\` (runs \`node --import tsx bench/startup.ts\`), on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, load average ${load} when it started.

The server is started with \`npm start\` (npm, then \`node scripts/launch.mjs server/main.ts\`: the
build's stamp is checked against the sources, then the compiled server runs; no TypeScript at
run time) on SQLite and local storage, on a data folder seeded with ${memories} memories, and
\`/healthz\` is polled every 5 ms from the spawn until it answers 200. The reference is a bare
\`node:http\` server spawned and polled the same way, turn about, ${rounds} rounds; medians.

| measure | result | target | verdict |
|---|---|---|---|
| Heirloom: spawn to first /healthz 200 | ${ours.toFixed(0)} ms | ≤ ${TARGET_MS} ms | ${ours <= TARGET_MS ? 'met' : 'missed'} |
| bare Node HTTP server, same | ${reference.toFixed(0)} ms | | |
| Heirloom ÷ bare Node | ${(ours / reference).toFixed(1)}× | | |

Each round, Heirloom: ${heirloom.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}.`,
    );
    log(`median: Heirloom ${ours.toFixed(0)} ms, bare Node ${reference.toFixed(0)} ms`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
