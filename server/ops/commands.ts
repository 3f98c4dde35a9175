// The three operator commands behind server/ops/cli.ts, as a function of the arguments and
// the environment that writes its lines through `io` and answers the exit code: 0 done,
// 1 refused or failed (the lines say why), 2 not understood.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { dialectOf } from '../db/index.js';
import { createBackup, type OpsConfig } from './backup.js';
import { OpsError } from './errors.js';
import { counted, formatBytes } from './files.js';
import type { Manifest } from './manifest.js';
import { restoreBackup } from './restore.js';
import { verifyBackup } from './verify.js';

const usage = {
  backup: 'npm run backup -- DIR',
  verify: 'npm run backup:verify -- DIR',
  restore: 'npm run restore -- DIR [--force]',
} as const;
type Command = keyof typeof usage;

class UsageError extends Error {}

export interface CommandIo {
  /** A line of what was done. */
  say(line: string): void;
  /** A line of what is wrong. */
  complain(line: string): void;
}

export async function runCommand(argv: string[], env: NodeJS.ProcessEnv, io: CommandIo): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (!command || !(command in usage)) throw new UsageError(`Usage: ${Object.values(usage).join(' | ')}`);
    const { dir, force } = parseArguments(command as Command, rest, env);
    const config = opsConfig(env);
    switch (command as Command) {
      case 'backup':
        return await backup(config, dir, io);
      case 'verify':
        return await verify(config, dir, io);
      case 'restore':
        return await restore(config, dir, force, io);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.complain(error.message);
      return 2;
    }
    if (error instanceof OpsError || error instanceof ConfigError) {
      for (const line of error.message.split('\n')) io.complain(line);
      return 1;
    }
    throw error;
  }
}

function parseArguments(command: Command, words: string[], env: NodeJS.ProcessEnv): { dir: string; force: boolean } {
  const force = command === 'restore' && words.includes('--force');
  const rest = words.filter((word) => !(command === 'restore' && word === '--force'));
  const option = rest.find((word) => word.startsWith('-'));
  if (option) throw new UsageError(`Unknown option ${option}. Usage: ${usage[command]}`);
  if (rest.length !== 1) throw new UsageError(`${rest.length === 0 ? 'Name the backup folder' : 'Name one backup folder'}. Usage: ${usage[command]}`);
  // npm runs scripts from the package's folder; a relative DIR means the operator's own.
  return { dir: resolve(env.INIT_CWD ?? process.cwd(), rest[0]!), force };
}

function opsConfig(env: NodeJS.ProcessEnv): OpsConfig {
  // These tools sign nothing. Without a secret, loadConfig would make DATA_DIR/session-secret,
  // which has no place in a folder about to be restored into.
  return loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || 'x'.repeat(32) });
}

function whereFrom(config: OpsConfig): string {
  const database = dialectOf(config.databaseUrl) === 'sqlite' ? 'the SQLite database' : `PostgreSQL${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}`;
  const media = config.storage === 's3' ? `the S3 bucket ${config.s3?.bucket}` : 'the local media folder';
  return `${database} and ${media}`;
}

function describeDatabase(manifest: Manifest): string {
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  const tables = Object.keys(manifest.rows).length;
  const size = manifest.files.filter((file) => file.path.startsWith('database/')).reduce((sum, file) => sum + file.size, 0);
  const kind = manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  return `${kind} at migration ${manifest.migration}, ${counted(rows, 'row', 'rows')} in ${counted(tables, 'table', 'tables')} (${formatBytes(size)})`;
}

function describeMedia(manifest: Manifest): string {
  const files = manifest.files.filter((file) => file.path.startsWith('media/'));
  return `${counted(files.length, 'file', 'files')} (${formatBytes(files.reduce((sum, file) => sum + file.size, 0))})`;
}

async function backup(config: OpsConfig, dir: string, { say }: CommandIo): Promise<number> {
  say(`Backing up ${whereFrom(config)} into ${dir}`);
  const { manifest, snapshots } = await createBackup(config, dir, { log: say });
  say(`Database: ${describeDatabase(manifest)}${snapshots > 1 ? ` (snapshot ${snapshots}: files were deleted during the first)` : ''}`);
  say(`Media: ${describeMedia(manifest)}`);
  say(`Backup complete: ${dir}/manifest.json holds the SHA-256 of every file. Check it any time with: ${usage.verify.replace('DIR', dir)}`);
  return 0;
}

async function verify(config: OpsConfig, dir: string, { say, complain }: CommandIo): Promise<number> {
  const { manifest, problems, checked } = await verifyBackup(dir, config);
  if (manifest) say(`Checking ${dir}: a backup made ${manifest.createdAt}, ${describeDatabase(manifest)}, media ${describeMedia(manifest)}`);
  for (const line of checked) say(`  ${line}`);
  if (problems.length === 0) {
    say('The backup is sound.');
    return 0;
  }
  for (const problem of problems) complain(problem);
  complain(`The backup is damaged: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} found.`);
  return 1;
}

async function restore(config: OpsConfig, dir: string, force: boolean, { say }: CommandIo): Promise<number> {
  say(`Restoring ${dir} into ${whereFrom(config)}${force ? ' (--force: replacing what is there)' : ''}`);
  const result = await restoreBackup(config, dir, { force, log: say });
  say(`Database: ${describeDatabase(result.manifest)}, brought up to this Heirloom's tables`);
  if (result.leftInStore > 0) {
    say(`Left ${counted(result.leftInStore, 'file', 'files')} the store already held that the backup does not; no restored row names them, and the server's sweep of such files removes them`);
  }
  say(`Restore complete (a backup made ${result.manifest.createdAt}). Start Heirloom to use it.`);
  return 0;
}
