// The operator's importers (issue 25; DESIGN "Yours to keep"), run from the build as plain
// JavaScript (scripts/launch.mjs) with no devDependencies:
//   npm run import -- FILE.zip [--dry-run]                      a Heirloom archive, ids kept
//   npm run import:day-one -- FILE.zip --timeline ID [--dry-run]  Day One's JSON export
// Exit codes: 0 done, 1 refused or failed (the lines say why), 2 not understood.
import { existsSync } from 'node:fs';
import type { CommandIo } from '../commands.js';
import { runArchiveImport } from './command.js';
import { runDayOneImport } from './day-one/command.js';

// As the server's own entry does: settings in .env count as the environment's.
if (existsSync('.env')) process.loadEnvFile('.env');

const io: CommandIo = { say: (line) => console.log(line), complain: (line) => console.error(line) };
const importers: Record<string, (argv: string[], env: NodeJS.ProcessEnv, io: CommandIo) => Promise<number>> = {
  archive: runArchiveImport,
  'day-one': runDayOneImport,
};

try {
  const [kind = '', ...rest] = process.argv.slice(2);
  const importer = importers[kind];
  if (!importer) {
    io.complain('Usage: npm run import -- FILE.zip [--dry-run] | npm run import:day-one -- FILE.zip --timeline ID [--dry-run]');
    process.exitCode = 2;
  } else {
    process.exitCode = await importer(rest, process.env, io);
  }
} catch (error) {
  // A fault, not a refusal: its stack helps whoever reads the report.
  console.error(error);
  process.exitCode = 1;
}
