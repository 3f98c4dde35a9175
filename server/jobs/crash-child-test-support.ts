// A runner in a process of its own, for crash.test.ts to kill with SIGKILL in the middle of a
// job: it claims the 'recording' jobs of the database its environment names, says on stdout
// which one it is running, and never finishes it.
import { openDatabase } from '../db/index.js';
import { JobRunner } from './index.js';

const url = process.env.JOBS_CHILD_DATABASE_URL;
if (!url) throw new Error('JOBS_CHILD_DATABASE_URL names the database');
const { db, dialect } = openDatabase(url, { schema: process.env.JOBS_CHILD_SCHEMA || undefined });
const log = { info: () => undefined, warn: () => undefined, error: (object: object, message: string) => console.error(message, object) };
const runner = new JobRunner({
  db,
  dialect,
  log,
  pollMs: 50,
  instanceId: `child-${process.pid}`,
  handlers: {
    recording: {
      run: (_payload, job) => {
        console.log(`RUNNING ${job.id} ${job.attempt}`);
        // The work never ends: the parent kills the process while it runs.
        return new Promise<void>(() => undefined);
      },
    },
  },
});
runner.start();
// The runner's timers do not hold the process open; this does, until the kill.
setInterval(() => undefined, 60_000);
