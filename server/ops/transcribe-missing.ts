// npm run transcribe:missing (issue 22): queues the words of every recording saved while no
// engine was configured (words.ts). Exit codes: 0 done, 1 refused or the configuration is wrong.
import { existsSync } from 'node:fs';
import { ConfigError } from '../config.js';
import { transcribeMissing } from './words.js';

// As the server's own entry does: settings in .env count as the environment's.
if (existsSync('.env')) process.loadEnvFile('.env');

try {
  process.exitCode = await transcribeMissing(process.env, { say: (line) => console.log(line), complain: (line) => console.error(line) });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
