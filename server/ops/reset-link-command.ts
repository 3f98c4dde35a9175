// npm run user:reset-link -- EMAIL (issue 23, DESIGN "E-mail (optional)"): when the server sends
// no mail, the operator prints a one-time, one-hour reset link and passes it on themselves.
// Exit codes: 0 printed, 1 no such account (or the configuration is wrong), 2 not understood.
import { emailField } from '../../common/auth.js';
import { makeResetLink } from '../auth/index.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import type { CommandIo } from './commands.js';

const USAGE = 'Usage: npm run user:reset-link -- EMAIL';

export async function resetLinkCommand(argv: string[], env: NodeJS.ProcessEnv, { say, complain }: CommandIo): Promise<number> {
  const email = argv.length === 1 ? emailField.safeParse(argv[0]) : null;
  if (!email?.success) {
    complain(USAGE);
    return 2;
  }
  // The link carries no secret of the server's; a generated one would be written into DATA_DIR for nothing.
  const config = loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || 'x'.repeat(32) });
  const { db, close } = await openConfiguredDatabase(config, { migrate: true });
  try {
    const link = await makeResetLink({ db, config, now: () => new Date() }, email.data);
    if (!link) {
      complain(`No account can be reset for ${email.data}: there is none with that address, or it is a storyteller's, which has no password.`);
      return 1;
    }
    say(`A reset link for ${email.data}, for one use within the hour (pass it on privately):`);
    say(link);
    return 0;
  } finally {
    await close();
  }
}
