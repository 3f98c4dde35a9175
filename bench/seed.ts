// Seed (issue 8 "Benchmark"): fills a fresh data folder with a family of a few people, one
// timeline they all belong to, and N memories spread over many years, every row written by
// the same service functions the API calls (sign-up, family and timeline invites, memory
// creation with its photos through server/media), never by raw SQL.
//
//   npm run seed -- --dir /tmp/heirloom-seed --memories 10000 [--photos 200]
//
// Then start the app on that folder (DATA_DIR=/tmp/heirloom-seed npm start) and sign in with
// the email and password it prints. DATABASE_URL, when set, is used as by the server.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import sharp from 'sharp';
import { registerBody } from '../common/auth.js';
import type { Memory } from '../common/memories.js';
import { register } from '../server/auth/service.js';
import { loadConfig } from '../server/config.js';
import { createContext, type AppContext } from '../server/context.js';
import { openDatabase } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import type { UserRow } from '../server/db/schema.js';
import * as families from '../server/families/service.js';
import { stageImage, type StagedImage } from '../server/media/index.js';
import { authorizeCreation, createMemory } from '../server/memories/service.js';
import { createMediaStore } from '../server/providers/storage/index.js';
import { createTimeline } from '../server/timelines/service.js';
import * as timelineInvites from '../server/timelines/invite-service.js';

export const SEED_PASSWORD = 'keep these family stories';
export const SEED_EMAIL = 'grandma@heirloom.example';

const people = [
  { email: SEED_EMAIL, displayName: 'Grandma Rose' },
  { email: 'grandpa@heirloom.example', displayName: 'Grandpa Joe' },
  { email: 'alice@heirloom.example', displayName: 'Alice' },
  { email: 'ben@heirloom.example', displayName: 'Ben' },
];

const titles = [
  'Sunday lunch at the farm',
  'First day of school',
  'The summer by the lake',
  'Christmas morning',
  'A walk in the snow',
  'Learning to ride a bike',
  'The wedding dance',
  'Moving into the new house',
  'Picnic in the park',
  'Fishing with Dad',
  'Baking bread together',
  'The long drive south',
];
const notes = [
  'We laughed until it got dark and nobody wanted to go home.',
  'The kitchen smelled of cinnamon all afternoon.',
  'It rained the whole way there, and it did not matter at all.',
  'Everyone remembers it a little differently, which is half the fun.',
];

export interface SeedOptions {
  dir: string;
  memories: number;
  /** How many of the memories carry a photo (three stored sizes each). */
  photos: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  email: string;
  password: string;
  timelineId: string;
  memories: number;
  photos: number;
  seconds: number;
}

/** A small deterministic generator, so two seeds of the same size hold the same memories. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One 1200×900 JPEG, a gradient, which every photo memory sends through the image intake. */
async function photoBytes(): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 160;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The family of four, the first of them (SEED_EMAIL) inviting the others, and the one timeline
 * "Our Family" they all belong to, through the services. Members come back as their rows are
 * now (family, default timeline), since the services read those from the user.
 */
export async function seedFamily(ctx: AppContext): Promise<{ members: UserRow[]; timeline: { id: string } }> {
  // The family: the first person invites the others (accounts §3, DESIGN "Families").
  const users: UserRow[] = [];
  for (const person of people) users.push(await register(ctx, registerBody.parse({ ...person, password: SEED_PASSWORD })));
  const [owner, ...others] = users as [UserRow, ...UserRow[]];
  const familyInvite = await families.createInvite(ctx, owner);
  for (const user of others) await families.acceptInvite(ctx, user, familyInvite.id);

  // One shared timeline, joined through its invite link (accounts §6).
  const { timeline } = await createTimeline(ctx, owner, { name: 'Our Family', color: '#7950f2', isDefault: true });
  const timelineInvite = await timelineInvites.createInvite(ctx, owner, timeline.id);
  for (const user of others) await timelineInvites.acceptInvite(ctx, user, timelineInvite.id);
  const refreshed = await ctx.db.selectFrom('users').selectAll().orderBy('created_at').execute();
  const byId = new Map(refreshed.map((row) => [row.id, row as UserRow]));
  return { members: users.map((user) => byId.get(user.id)!), timeline };
}

export async function seed({ dir, memories, photos, log = console.log }: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const dataDir = resolve(dir);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty: the seed fills a fresh data folder`);
  mkdirSync(dataDir, { recursive: true });

  // The memories' dates come from this clock: the service stamps createdAt with ctx.now().
  const realNow = new Date();
  let clock = realNow;
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, STORAGE: 'local', LOG_LEVEL: 'silent' });
  const media = await createMediaStore(config);
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db);
    // A seed is rebuilt rather than recovered: no fsync per memory (DESIGN's synchronous=FULL
    // is for acknowledged writes of real users). Set back before closing.
    if (handle.dialect === 'sqlite') await sql`pragma synchronous = OFF`.execute(handle.db);
    const ctx: AppContext = createContext({ db: handle.db, dialect: handle.dialect, config, media, now: () => clock });

    const { members, timeline } = await seedFamily(ctx);

    const jpeg = photos > 0 ? await photoBytes() : null;
    const next = random(memories);
    // From January 1950 to now: dates over many years, one timeline page per 20 of them.
    const first = Date.UTC(1950, 0, 1);
    const span = realNow.getTime() - first;
    const photoEvery = photos > 0 ? memories / Math.min(photos, memories) : Infinity;
    let photosMade = 0;
    for (let index = 0; index < memories; index++) {
      clock = new Date(first + Math.floor(next() * span));
      const creator = members[Math.floor(next() * members.length)]!;
      // Most memories go to the whole family; one in ten stays with its creator (memories §6).
      const sharedWith = next() < 0.9 ? members.map((member) => member.id) : [];
      const { fields, videos } = await authorizeCreation(ctx, creator, {
        title: `${titles[index % titles.length]} #${index + 1}`,
        content: notes[index % notes.length]!,
        transcription: '',
        timelineIds: JSON.stringify([timeline.id]),
        sharedWith: JSON.stringify(sharedWith),
      });
      const images: StagedImage[] = [];
      if (jpeg && photosMade < photos && index >= photosMade * photoEvery) {
        images.push(await stageImage(ctx, Readable.from([jpeg])));
        photosMade++;
      }
      const keys = images.flatMap((image) => [image.original.key, image.display.key, image.thumbnail.key]);
      const memory: Memory = await createMemory(ctx, creator, { fields, videos, images, audio: null, videoThumbnails: [], followUpAudio: [], keys });
      if (!memory.id) throw new Error('memory not created');
      if ((index + 1) % 1000 === 0) log(`  ${index + 1} memories`);
    }
    clock = realNow;
    if (handle.dialect === 'sqlite') await sql`pragma synchronous = FULL`.execute(handle.db);
    return { email: SEED_EMAIL, password: SEED_PASSWORD, timelineId: timeline.id, memories, photos: photosMade, seconds: (performance.now() - started) / 1000 };
  } finally {
    media.close?.();
    await handle.close();
  }
}

const usage = 'usage: npm run seed -- --dir DIR --memories N [--photos P]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, memories: { type: 'string', default: '1000' }, photos: { type: 'string' } },
  });
  const memories = Number(values.memories);
  const photos = values.photos === undefined ? Math.min(200, Math.ceil(memories / 50)) : Number(values.photos);
  if (!values.dir || !Number.isInteger(memories) || memories < 0 || !Number.isInteger(photos) || photos < 0) {
    console.error(usage);
    process.exit(2);
  }
  const result = await seed({ dir: values.dir, memories, photos });
  console.log(`Seeded ${result.memories} memories (${result.photos} with a photo) in ${result.seconds.toFixed(1)} s into ${resolve(values.dir)}`);
  console.log(`Timeline "Our Family": ${result.timelineId}`);
  console.log(`Sign in as ${result.email} with the password: ${result.password}`);
  console.log(`Start the app on it: DATA_DIR=${resolve(values.dir)} npm start`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
