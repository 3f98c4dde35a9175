// npm run user:reset-link -- EMAIL (reset-link-command.ts), run from the build by scripts/launch.mjs.
import { existsSync } from 'node:fs';
import { ConfigError } from '../config.js';
import { resetLinkCommand } from './reset-link-command.js';

// As the server's own entry does: settings in .env count as the environment's.
if (existsSync('.env')) process.loadEnvFile('.env');

try {
  process.exitCode = await resetLinkCommand(process.argv.slice(2), process.env, { say: (line) => console.log(line), complain: (line) => console.error(line) });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
