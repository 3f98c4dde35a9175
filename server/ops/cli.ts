// The operator's backup tools (DESIGN "Security and durability"), run from the build as plain
// JavaScript (scripts/launch.mjs) with no devDependencies:
//   npm run backup -- DIR              a consistent snapshot of the instance into a new folder
//   npm run backup:verify -- DIR       re-checks one; names each problem and exits 1
//   npm run restore -- DIR [--force]   brings one into the configured DATA_DIR and database
// Exit codes: 0 done, 1 refused or failed (the lines say why), 2 not understood.
import { existsSync } from 'node:fs';
import { runCommand } from './commands.js';

// As the server's own entry does: settings in .env count as the environment's.
if (existsSync('.env')) process.loadEnvFile('.env');

try {
  process.exitCode = await runCommand(process.argv.slice(2), process.env, {
    say: (line) => console.log(line),
    complain: (line) => console.error(line),
  });
} catch (error) {
  // A fault, not a refusal: its stack helps whoever reads the report.
  console.error(error);
  process.exitCode = 1;
}
