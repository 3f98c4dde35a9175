// npm run test:prod: the two ways to run Heirloom, on a copy of this checkout, each as the
// README tells it (and as the Dockerfile's stages run it):
//   a newcomer's   npm install && npm start          (builds on first start, then serves)
//   an operator's  npm ci && npm run build && npm prune --omit=dev && npm start
// and checks what each promises: the app serves its pages and API, keeps a memory with a
// photo, runs as plain JavaScript with no devDependency installed, never rebuilds a build
// that is current, refuses to run one that is stale, stops cleanly on SIGTERM and starts
// again on its data folder.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { freePort, root, waitFor } from '../bench/support.js';

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

/** Runs `npm …` in `cwd` to its end; its output is shown, since a failed install must explain itself. */
function npm(cwd: string, ...args: string[]): void {
  console.log(`\n$ npm ${args.join(' ')}`);
  execFileSync('npm', [...args, '--no-audit', '--no-fund'], { cwd, stdio: 'inherit' });
}

/** The checkout as a clone would have it (tracked and new files, nothing ignored), with this moment's edits. */
function copyCheckout(target: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(root, file), join(target, file));
  }
}

interface Started {
  origin: string;
  child: ChildProcess;
  output: () => string;
  /** Milliseconds from the spawn of `npm start` to the first 2xx of /healthz. */
  readyAfter: number;
}

/** `npm start` in `cwd`, in its own process group so that the signal reaches npm's children too. */
async function npmStart(cwd: string, dataDir: string): Promise<Started> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const spawnedAt = Date.now();
  const child = spawn('npm', ['start'], {
    cwd,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_ROOT: '', DATABASE_URL: '', STORAGE: 'local' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  try {
    // A first start builds the app (about a minute on two cores).
    await waitFor(`${origin}/healthz`, child, { withinMs: 180_000, everyMs: 50 });
  } catch (error) {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    throw new Error(`npm start: ${error instanceof Error ? error.message : String(error)}\n${output}`);
  }
  return { origin, child, output: () => output, readyAfter: Date.now() - spawnedAt };
}

/** The processes below `pid` (npm → sh → node), read from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field, after the name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const below = (of: number): number[] => (parents.get(of) ?? []).flatMap((child) => [child, ...below(child)]);
  return below(pid);
}

/**
 * SIGTERM to the server's node process, as `docker stop` sends it to the container's node;
 * npm passes the server's exit code on. Resolves with that code.
 */
async function stop({ child }: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // node itself, not the shell npm may run it through.
  const server = descendants(child.pid!).find((pid) => {
    const [program, script] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return /(^|\/)node$/.test(program ?? '') && script === 'scripts/launch.mjs';
  });
  if (server === undefined) throw new Error('the server process under npm start was not found');
  process.kill(server, 'SIGTERM');
  return exited;
}

/** The output of an operator's command run through npm (exit code and both streams); npm's own flags go first, so `--` passes only the command's. */
function npmOutput(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): { code: number; output: string } {
  console.log(`\n$ npm ${args.join(' ')}`);
  try {
    return { code: 0, output: execFileSync('npm', ['--no-audit', '--no-fund', ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const failed = error as { status: number | null; stdout: string; stderr: string };
    return { code: failed.status ?? 1, output: `${failed.stdout}${failed.stderr}` };
  }
}

/**
 * What a family does first: an account, a timeline, a memory with a photo, the photo back, a
 * book of it, and (with `archiveTo`) the archive of everything, downloaded into that file.
 */
async function useIt(origin: string, archiveTo?: string): Promise<void> {
  const headers = { origin };
  const signUp = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `grandma-${Date.now()}@example.org`, password: 'wedding-day-1962', displayName: 'Grandma Rose' }),
  });
  check(signUp.status === 201, `sign-up answers 201 (got ${signUp.status})`);
  const cookie = signUp.headers.get('set-cookie')?.split(';')[0] ?? '';
  const timeline = await fetch(`${origin}/api/timelines`, {
    method: 'POST',
    headers: { ...headers, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Family', color: '#3b82f6' }),
  });
  check(timeline.status === 201, `a timeline is created (got ${timeline.status})`);
  const { id: timelineId } = (await timeline.json()) as { id: string };

  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0a080' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('title', 'Our wedding day');
  form.append('content', 'The church bells rang all afternoon.');
  form.append('timelineIds', JSON.stringify([timelineId]));
  form.append('sharedWith', JSON.stringify([]));
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'wedding.jpg');
  const created = await fetch(`${origin}/api/memories`, { method: 'POST', headers: { ...headers, cookie }, body: form });
  check(created.status === 201, `a memory with a photo is kept, through sharp (got ${created.status})`);
  const memory = (await created.json()) as { id: string; images: { url: string }[] };
  const image = await fetch(`${origin}${memory.images[0]?.url ?? '/missing'}`, { headers: { cookie } });
  check(image.ok && (image.headers.get('content-type') ?? '').startsWith('image/'), `the photo is served back (got ${image.status} ${image.headers.get('content-type')})`);

  // The family book: its job forks the renderer's child from the build (dist/server), which
  // must find Typst, pdf-lib and the print fonts among the runtime dependencies.
  const asked = await fetch(`${origin}/api/books`, {
    method: 'POST',
    headers: { ...headers, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ timelineId, tz: 'UTC' }),
  });
  check(asked.status === 202, `a book is asked for (got ${asked.status})`);
  const { id: bookId } = (await asked.json()) as { id: string };
  let book: { status: string; error: string | null } = { status: 'queued', error: null };
  for (const deadline = Date.now() + 90_000; ['queued', 'rendering'].includes(book.status) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    book = (await (await fetch(`${origin}/api/books/${bookId}`, { headers: { cookie } })).json()) as typeof book;
  }
  check(book.status === 'ready', `the book is made (got ${book.status}${book.error ? `: ${book.error}` : ''})`);
  const pdf = await fetch(`${origin}/api/books/${bookId}/file`, { headers: { cookie } });
  const pdfBytes = Buffer.from(await pdf.arrayBuffer());
  check(pdf.ok && pdfBytes.subarray(0, 5).toString() === '%PDF-', `the book downloads as a PDF (got ${pdf.status})`);

  if (archiveTo) {
    // The archive of everything: its job runs in the server from the build, yauzl's and yazl's
    // code among the runtime dependencies.
    const archiveAsked = await fetch(`${origin}/api/archives/everything`, { method: 'POST', headers: { ...headers, cookie } });
    check(archiveAsked.status === 202, `the archive of everything is asked for (got ${archiveAsked.status})`);
    const { id: archiveId } = (await archiveAsked.json()) as { id: string };
    let archive: { status: string; error: string | null } = { status: 'queued', error: null };
    for (const deadline = Date.now() + 60_000; ['queued', 'working'].includes(archive.status) && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      archive = (await (await fetch(`${origin}/api/archives/${archiveId}`, { headers: { cookie } })).json()) as typeof archive;
    }
    check(archive.status === 'ready', `the archive is made (got ${archive.status}${archive.error ? `: ${archive.error}` : ''})`);
    const zip = await fetch(`${origin}/api/archives/${archiveId}/file`, { headers: { cookie } });
    const zipBytes = Buffer.from(await zip.arrayBuffer());
    check(zip.ok && zipBytes.subarray(0, 4).toString('hex') === '504b0304', `the archive downloads as a zip (got ${zip.status})`);
    writeFileSync(archiveTo, zipBytes);
  }

  const page = await fetch(`${origin}/`, { headers: { cookie } });
  const html = await page.text();
  check(page.ok && html.includes('<div id="root">') && /assets\/[\w-]+\.js/.test(html), 'the built web app is served');
}

const present = (project: string, name: string) => existsSync(join(project, 'node_modules', name, 'package.json'));

async function main(): Promise<void> {
  const project = mkdtempSync(join(tmpdir(), 'heirloom-prod-'));
  try {
    copyCheckout(project);

    // A newcomer: install, start. The first start builds.
    npm(project, 'ci');
    const first = await npmStart(project, join(project, 'data-newcomer'));
    check(first.output().includes('Building Heirloom first'), 'the newcomer’s first `npm start` builds the app');
    await useIt(first.origin);
    check((await stop(first)) === 0, 'SIGTERM stops the newcomer’s server with exit code 0');

    // The operator: build, drop the devDependencies, start.
    npm(project, 'run', 'build');
    npm(project, 'prune', '--omit=dev');
    for (const tool of ['typescript', 'vite', 'tsx', 'vitest', 'esbuild', '@playwright/test']) {
      check(!present(project, tool), `${tool} is not installed after npm prune --omit=dev`);
    }
    check(present(project, 'fastify') && present(project, 'better-sqlite3') && present(project, 'sharp'), 'the runtime dependencies are installed');

    const stamp = join(project, 'dist', 'build-stamp.json');
    const builtAt = statSync(stamp).mtimeMs;
    const dataDir = join(project, 'data');
    const operator = await npmStart(project, dataDir);
    check(!operator.output().includes('Building'), '`npm start` runs a current build as it is');
    const archive = join(project, 'everything.zip');
    await useIt(operator.origin, archive);
    check((await stop(operator)) === 0, 'SIGTERM stops the operator’s server with exit code 0');

    // The archive brought into a new instance by the operator's command, from the build alone.
    const importedDir = { DATA_DIR: join(project, 'data-imported'), DATABASE_URL: '', STORAGE: 'local' };
    const dryRun = npmOutput(project, importedDir, 'run', 'import', '--', archive, '--dry-run');
    check(dryRun.code === 0 && dryRun.output.includes('Dry run: nothing was changed.'), `npm run import --dry-run checks the archive and changes nothing (exit ${dryRun.code})`);
    const imported = npmOutput(project, importedDir, 'run', 'import', '--', archive);
    check(imported.code === 0 && /Added: .*1 memory/.test(imported.output), `npm run import brings the archive into an empty instance (exit ${imported.code})`);
    const importedAgain = npmOutput(project, importedDir, 'run', 'import', '--', archive);
    check(importedAgain.code === 0 && importedAgain.output.includes('Nothing was added'), `a second npm run import adds nothing (exit ${importedAgain.code})`);
    if (failures.length > 0) console.log(imported.output);

    // Again, on the data folder it now has.
    const again = await npmStart(project, dataDir);
    console.log(`     (a start on an existing data folder answered /healthz after ${again.readyAfter} ms, npm included; bench/README.md has the figure against its reference)`);
    check(statSync(stamp).mtimeMs === builtAt, 'starting twice never rebuilt the build');
    check((await stop(again)) === 0, 'the second start stops cleanly too');

    // Sources changed after the build tools were pruned: no silent run of old code.
    const main = join(project, 'server', 'main.ts');
    const source = readFileSync(main, 'utf8');
    writeFileSync(main, `${source}\n// an edit after the build\n`);
    const stale = spawn('npm', ['start'], { cwd: project, env: { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let staleOutput = '';
    stale.stdout!.on('data', (chunk: Buffer) => (staleOutput += chunk));
    stale.stderr!.on('data', (chunk: Buffer) => (staleOutput += chunk));
    const staleCode = await new Promise<number | null>((resolve) => stale.once('exit', resolve));
    check(staleCode !== 0 && staleOutput.includes('The build in dist/ is older than the sources'), 'a stale build without build tools is refused with what to run');
    writeFileSync(main, source);
  } finally {
    // Nothing of this run may outlive it, whatever failed.
    for (const pid of descendants(process.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(project, { recursive: true, force: true });
  }
}

main().then(
  () => {
    if (failures.length > 0) {
      console.error(`\n${failures.length} check(s) failed:\n${failures.map((line) => `  - ${line}`).join('\n')}`);
      process.exit(1);
    }
    console.log('\nBoth ways to run Heirloom work.');
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
