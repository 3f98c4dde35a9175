// npm run test:crash, after crash.ts's rounds (issue 22 "Tests and measures": a kill during a
// transcription, SIGKILL of the real server, loses no job). The real server, its words written
// by a loopback transcription service that holds its answer: a memory's voice, its spoken
// answer and a voice comment are saved without words; once the service holds all three
// recordings (their jobs 'running', the rows 'working') the server is SIGKILLed. The database
// must still hold the jobs and rows as they were; then a second instance on the same data
// (SQLite: the restart, one process at a time; PostgreSQL, when TEST_DATABASE_URL is set: a
// second process already running on the same schema) takes each job back once the dead one's
// one-minute lease expires, and the words land in their rows. The service must have been asked
// for each recording again, and never twice at once. Exit 0 when every check held, else 1.
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Comment } from '../common/comments.js';
import type { Memory } from '../common/memories.js';
import { messages } from '../common/messages.js';
import { wavRecording } from '../server/audio/test-recordings.js';
import { openDatabase, type Dialect } from '../server/db/index.js';
import { startInstance, type Instance } from '../server/test/instance.js';
import { until, type Changes } from '../server/test/until.js';
import { freePort } from '../bench/support.js';
import { startHeldService, type AskedRecording, type HeldService } from './held-transcription-service.js';

/** The runner's lease of a words job (server/jobs/runner.ts DEFAULT_LEASE_MS): the takeover waits it out. */
const LEASE_MS = 60_000;
/** The lease, the runner's 2 s poll, a start and three transcriptions, on a busy CI machine. */
const TAKEN_BACK_MS = LEASE_MS + 60_000;
/** PostgreSQL: both instances alive while the first holds the jobs, for the second's polls (every 2 s) to try them. */
const BOTH_ALIVE_MS = 5_000;
const WORDS_KINDS = ['memory.words', 'follow-up.words', 'comment.words'] as const;
const QUESTION = 'Who was there?';

const failures: string[] = [];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** For conditions on another process's work (the API, the database): checked again every `ms`. */
const every =
  (ms: number): Changes =>
  (changed) => {
    const timer = setInterval(changed, ms);
    return () => clearInterval(timer);
  };

// ---------------------------------------------------------------- HTTP

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** One request on a connection of its own: a killed server leaves no pooled socket behind. */
async function call(origin: string, method: string, path: string, { cookie, json, form }: { cookie?: string; json?: unknown; form?: FormData } = {}): Promise<Answer> {
  const headers: Record<string, string> = { origin };
  if (cookie) headers.cookie = cookie;
  let body: Buffer | null = null;
  if (json !== undefined) {
    body = Buffer.from(JSON.stringify(json));
    headers['content-type'] = 'application/json';
  } else if (form) {
    const encoded = new Request(origin, { method: 'POST', body: form });
    body = Buffer.from(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type')!;
  }
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}${path}`, { method, headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), setCookie: [incoming.headers['set-cookie'] ?? []].flat() }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    outgoing.end(body ?? undefined);
  });
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
}

// ---------------------------------------------------------------- the recordings

/** A distinct recording: a WAV whose samples are random, so the service tells the three apart by their bytes. */
function recording(): Buffer {
  const wav = wavRecording(1);
  randomFillSync(wav, 44);
  return wav;
}

const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'audio/wav' });

interface Saved {
  memoryId: string;
  commentId: string;
  answerId: string;
  /** What the service says each recording holds. */
  words: { memory: string; answer: string; comment: string };
}

/** A person, a timeline, a memory with a voice and a spoken answer (neither with words), a voice comment. */
async function saveRecordings(origin: string, wordsBySha: Map<string, string>): Promise<{ cookie: string; memoryId: string; commentId: string; words: Saved['words'] }> {
  const signUp = await call(origin, 'POST', '/api/auth/register', { json: { email: `words-${randomBytes(4).toString('hex')}@example.org`, password: 'a long crash-test secret', displayName: 'Grandma' } });
  expectStatus(signUp, 201, 'Sign-up');
  const cookie = signUp.setCookie.find((header) => header.startsWith('sid='))?.split(';')[0];
  if (!cookie) throw new Error('Sign-up set no session cookie');
  const timeline = await call(origin, 'POST', '/api/timelines', { cookie, json: { name: 'Words', color: '#3b82f6' } });
  expectStatus(timeline, 201, 'POST /api/timelines');

  const voice = recording();
  const spoken = recording();
  const commented = recording();
  const words = { memory: 'The winter the river froze over', answer: 'Aunt Rose and the twins', comment: 'I remember the skates' };
  wordsBySha.set(sha256(voice), words.memory).set(sha256(spoken), words.answer).set(sha256(commented), words.comment);

  const form = new FormData();
  form.append('title', 'The frozen river');
  // The wizard's notes block with the placeholder a spoken answer without words gets (memories §8).
  form.append('content', `Q: ${QUESTION}\nA: ${messages.audioAnswerNoTranscription}`);
  form.append('timelineIds', JSON.stringify([(JSON.parse(timeline.body) as { id: string }).id]));
  form.append('followUpResponses', JSON.stringify([{ question: QUESTION, answer: messages.audioAnswerNoTranscription, hasAudio: true }]));
  form.append('audio', blob(voice), 'voice.wav');
  form.append('followUpAudio', blob(spoken), 'answer.wav');
  const memory = await call(origin, 'POST', '/api/memories', { cookie, form });
  expectStatus(memory, 201, 'POST /api/memories');
  const memoryId = (JSON.parse(memory.body) as Memory).id;

  const commentForm = new FormData();
  commentForm.append('audio', blob(commented), 'comment.wav');
  const comment = await call(origin, 'POST', `/api/memories/${memoryId}/comments`, { cookie, form: commentForm });
  expectStatus(comment, 201, 'POST comments');
  return { cookie, memoryId, commentId: (JSON.parse(comment.body) as Comment).id, words };
}

interface Shown {
  memory: { status: string; words: string; content: string };
  answer: { status: string; words: string };
  comment: { status: string; words: string | null };
}

/** The three recordings' words and statuses as the API shows them. */
async function shownThroughApi(origin: string, cookie: string, saved: Pick<Saved, 'memoryId' | 'commentId'>): Promise<Shown> {
  const memoryAnswer = await call(origin, 'GET', `/api/memories/${saved.memoryId}`, { cookie });
  expectStatus(memoryAnswer, 200, `GET /api/memories/${saved.memoryId}`);
  const memory = JSON.parse(memoryAnswer.body) as Memory;
  const commentsAnswer = await call(origin, 'GET', `/api/memories/${saved.memoryId}/comments`, { cookie });
  expectStatus(commentsAnswer, 200, 'GET comments');
  const comment = (JSON.parse(commentsAnswer.body) as Comment[]).find((shown) => shown.id === saved.commentId);
  if (!comment) throw new Error(`comment ${saved.commentId} is gone`);
  const answer = memory.followUpResponses[0];
  if (!answer) throw new Error(`memory ${saved.memoryId} lost its spoken answer`);
  return {
    memory: { status: memory.transcriptionStatus, words: memory.transcription, content: memory.content },
    answer: { status: answer.transcriptionStatus, words: answer.answer },
    comment: { status: comment.transcriptionStatus, words: comment.transcription },
  };
}

// ---------------------------------------------------------------- the database

interface Stored {
  jobs: { kind: string; key: string | null; state: string; attempts: number }[];
  statuses: { memory?: string; answer?: string; comment?: string };
}

/** The words jobs and the rows' statuses, read from the database itself (the server may be dead). */
async function storedState(databaseUrl: string, schema: string | undefined, saved: Saved): Promise<Stored> {
  const { db, close } = openDatabase(databaseUrl, { schema });
  try {
    const jobs = await db.selectFrom('jobs').select(['kind', 'key', 'state', 'attempts']).where('kind', 'in', [...WORDS_KINDS]).orderBy('kind').execute();
    const memory = await db.selectFrom('memories').select('transcription_status').where('id', '=', saved.memoryId).executeTakeFirst();
    const answer = await db.selectFrom('follow_up_responses').select('transcription_status').where('id', '=', saved.answerId).executeTakeFirst();
    const comment = await db.selectFrom('comments').select('transcription_status').where('id', '=', saved.commentId).executeTakeFirst();
    return {
      jobs: jobs.map((job) => ({ ...job, attempts: Number(job.attempts) })),
      statuses: { memory: memory?.transcription_status, answer: answer?.transcription_status, comment: comment?.transcription_status },
    };
  } finally {
    await close();
  }
}

async function answerIdOf(databaseUrl: string, schema: string | undefined, memoryId: string): Promise<string> {
  const { db, close } = openDatabase(databaseUrl, { schema });
  try {
    const row = await db.selectFrom('follow_up_responses').select('id').where('memory_id', '=', memoryId).executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await close();
  }
}

/** Each words job of `saved` in `state`, one per kind, keyed by its row. */
function jobsAre(stored: Stored, saved: Saved, state: string): string | null {
  const expected = [`comment.words ${saved.commentId} ${state}`, `follow-up.words ${saved.answerId} ${state}`, `memory.words ${saved.memoryId} ${state}`];
  const found = stored.jobs.map((job) => `${job.kind} ${job.key} ${job.state}`);
  return found.join() === expected.join() ? null : `the words jobs are [${found.join('; ')}], not [${expected.join('; ')}]`;
}

// ---------------------------------------------------------------- the service's view

const inFlight = (asked: AskedRecording) => asked.endedAt === null;

/** Each recording asked for at least twice (the killed attempt unanswered, the last answered) and never twice at once. */
function checkAsked(service: HeldService, shas: string[], killedAt: number, say: (line: string) => void, fail: (line: string) => void): void {
  const unknown = service.asked.filter((asked) => asked.sha === null || !shas.includes(asked.sha));
  if (unknown.length > 0) fail(`the service was sent ${unknown.length} requests that were none of the three recordings`);
  shas.forEach((sha, index) => {
    const label = ['the memory\'s voice', 'the spoken answer', 'the voice comment'][index]!;
    const asked = service.asked.filter((request) => request.sha === sha).sort((a, b) => a.arrivedAt - b.arrivedAt);
    if (asked.length < 2) return fail(`${label} was asked for ${asked.length} times; the job was not run again after the kill`);
    if (asked[0]!.answered) fail(`${label}: the killed instance's request was answered, so the kill did not land mid-job`);
    if (!asked.at(-1)!.answered) fail(`${label}: its last request was never answered`);
    // In order of arrival: a request arriving before every earlier one has ended overlaps one of them.
    let earlierEnd = -Infinity;
    const overlapping = asked.filter((request) => {
      const overlaps = earlierEnd > request.arrivedAt;
      earlierEnd = Math.max(earlierEnd, request.endedAt ?? Infinity);
      return overlaps;
    });
    if (overlapping.length > 0) fail(`${label} was asked for while an earlier request for it was in flight, ${overlapping.length} times (its job run twice at once)`);
    say(`${label}: asked ${asked.length} times, taken back ${((asked[1]!.arrivedAt - killedAt) / 1000).toFixed(1)} s after the kill`);
  });
}

// ---------------------------------------------------------------- the scenario

async function scenario(dialect: Dialect): Promise<void> {
  const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const say = (line: string) => console.log(`[${name}] ${line}`);
  const fail = (line: string) => {
    failures.push(`${name}: ${line}`);
    say(`FAIL ${line}`);
  };
  const began = Date.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'heirloom-words-crash-'));
  const schema = dialect === 'postgres' ? `words_crash_${randomBytes(6).toString('hex')}` : undefined;
  const databaseUrl = schema ? process.env.TEST_DATABASE_URL! : `sqlite:${join(dataDir, 'heirloom.db')}`;
  const wordsBySha = new Map<string, string>();
  const service = await startHeldService((sha) => wordsBySha.get(sha));
  const sessionSecret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  /** An instance on the same data (one DATA_DIR for media; PostgreSQL: one schema), at an address of its own. */
  const start = async () => {
    const origin = `http://127.0.0.1:${await freePort()}`;
    const database: Record<string, string> = schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {};
    const env = { PORT: new URL(origin).port, PUBLIC_URL: origin, DATA_DIR: dataDir, SESSION_SECRET: sessionSecret, TRANSCRIBE: 'service', TRANSCRIBE_URL: service.url, ...database };
    const instance = await startInstance(env);
    instances.push(instance);
    return instance;
  };
  try {
    const first = await start();
    const { cookie, ...made } = await saveRecordings(first.origin, wordsBySha);
    const saved: Saved = { ...made, answerId: await answerIdOf(databaseUrl, schema, made.memoryId) };
    const shas = [...wordsBySha.keys()];
    // The kill must land while every job waits on the engine: the service holds all three.
    const held = () => shas.every((sha) => service.asked.some((asked) => asked.sha === sha && inFlight(asked)));
    await until(held, 'the service to hold all three recordings', [service.changes], 30_000);
    const working = await shownThroughApi(first.origin, cookie, saved);
    if ([working.memory, working.answer, working.comment].some((shown) => shown.status !== 'working')) fail(`before the kill the API shows ${JSON.stringify(working)}, not three 'working'`);

    // PostgreSQL: the heir runs beside the first while it holds the jobs; their leases keep them from it.
    let heir = schema ? await start() : null;
    if (heir) await sleep(BOTH_ALIVE_MS);
    first.kill();
    if ((await first.exited) !== null) fail('the first instance had exited before the SIGKILL');
    const killedAt = Date.now();
    if (service.asked.length !== 3) fail(`the service was asked ${service.asked.length} times before the kill, not once for each of three recordings`);

    const afterKill = await storedState(databaseUrl, schema, saved);
    const runningProblem = jobsAre(afterKill, saved, 'running');
    if (runningProblem) fail(`after the kill ${runningProblem}`);
    if (JSON.stringify(afterKill.statuses) !== JSON.stringify({ memory: 'working', answer: 'working', comment: 'working' })) fail(`after the kill the rows say ${JSON.stringify(afterKill.statuses)}, not three 'working'`);
    say(`killed mid-job ${((killedAt - began) / 1000).toFixed(1)} s in: 3 jobs 'running', 3 rows 'working' in the database`);

    service.release();
    // SQLite: one process on the file at a time, so the heir starts now, on the same data folder.
    heir ??= await start();
    const origin = heir.origin;
    const expected: Shown = {
      memory: { status: 'done', words: made.words.memory, content: `Q: ${QUESTION}\nA: ${made.words.answer}` },
      answer: { status: 'done', words: made.words.answer },
      comment: { status: 'done', words: made.words.comment },
    };
    // The last look of each wait, for its failure line.
    const last: { shown: Shown | null; stored: Stored | null } = { shown: null, stored: null };
    const written = async () => JSON.stringify((last.shown = await shownThroughApi(origin, cookie, saved))) === JSON.stringify(expected);
    await until(written, "the three recordings' words", [service.changes, every(500)], TAKEN_BACK_MS).catch(() => fail(`the API shows ${JSON.stringify(last.shown)} ${TAKEN_BACK_MS / 1000} s after the kill`));
    const settled = async () => jobsAre((last.stored = await storedState(databaseUrl, schema, saved)), saved, 'done') === null;
    const jobsDone = await until(settled, 'the words jobs to be done', [every(250)], 10_000).then(
      () => true,
      () => fail(`10 s after that wait ${last.stored ? jobsAre(last.stored, saved, 'done') : 'the jobs could not be read'}`),
    );
    const once = jobsDone ? last.stored!.jobs.filter((job) => job.attempts < 2) : [];
    if (once.length > 0) fail(`${once.map((job) => job.kind).join(', ')} finished on attempt 1: the killed attempt left no trace`);
    checkAsked(service, shas, killedAt, say, fail);
    const code = await heir.stop();
    if (code !== 0) fail(`SIGTERM: the second instance exited with ${code}`);
    say(`done in ${((Date.now() - began) / 1000).toFixed(0)} s`);
  } catch (error) {
    fail((error as Error).message);
    for (const instance of instances) say(`output of an instance:\n${instance.output().split('\n').slice(-30).join('\n')}`);
  } finally {
    for (const instance of instances) instance.kill();
    await Promise.all(instances.map((instance) => instance.exited));
    await service.close();
    if (schema) {
      const { db, close } = openDatabase(databaseUrl);
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).finally(close);
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  console.log(`Words crash test: a SIGKILL while a transcription is under way, on ${dialects.join(' and ')} (about ${LEASE_MS / 1000} s for the lease)`);
  if (!process.env.TEST_DATABASE_URL) console.log('PostgreSQL skipped: TEST_DATABASE_URL is not set');
  // Side by side: each mostly waits out the lease.
  await Promise.all(dialects.map(scenario));
  if (failures.length > 0) {
    console.log(`\n${failures.length} checks failed:`);
    for (const line of failures) console.log(`- ${line}`);
    process.exit(1);
  }
  console.log('Every check held.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
