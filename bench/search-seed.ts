// The data of the search benchmark (issue 10 "Benchmark"): the seed's family of four and
// its timeline, made through the services (bench/seed.ts), then N memories written in bulk
// through Kysely in one transaction, since 100 000 through the services take many minutes.
// The database's own triggers keep the search index in step, as for every memory.
//
// The texts read like a family's: titles, notes and (for half) a transcription, built from
// people, places, occasions and things, each list drawn with a Zipf-like weighting, so a few
// words are everywhere and most are rare, as in real writing. A transcription opens as people
// speak ("Gosh, …"), with words no title or note holds.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { createContext } from '../server/context.js';
import { openConfiguredDatabase } from '../server/db/open.js';
import { createMediaStore } from '../server/providers/storage/index.js';
import { random, seedFamily } from './seed.js';

/** Comma-separated, so an entry may hold several words. */
const list = (text: string) => text.split(',').map((entry) => entry.trim());

const people = list(`Grandma, Grandpa, Mom, Dad, Nana, Papa, Alice, Ben, Rosie, Max, Sam, Lucy, Oliver, Emma, Jack,
  Sophie, Henry, Clara, Walter, Margaret, Eleanor, Arthur, Florence, Harold, Edith, Frank, Dorothy, George, Irene,
  Louis, Martha, Albert, Ruth, Charles, Helen, Edward, Agnes, Hugo, Ada, Felix, Iris, Otto, Mabel, Theo, Vera, Silas,
  June, Ezra, Pearl, Milo, Hazel, Abel, Greta, Jonah, Nell, Rufus, Tessa, Amos, Lena, Cyrus, Opal, Gus, Wren, Ned,
  Ivy, Stan, Faye, Lars, Ingrid, Tomas, Beatrix, Desmond, Philippa, Cornelius, Winifred, Bartholomew`);
const relations = list('aunt, uncle, cousin, grandmother, grandfather, sister, brother, neighbour, godmother, nephew, niece');
const places = list(`the lake, the farm, the beach, the cabin, the kitchen, the garden, the church, the old school,
  the park, the river, the mountains, the attic, the porch, the harbour, the orchard, the county fair, the city,
  the bakery, the station, the barn, Paris, Rome, Lisbon, Dublin, Vienna, Chicago, Boston, Maine, Vermont, Florida,
  Quebec, Oslo, Krakow, Naples, Seville, Bruges, Galway, Tucson, Savannah, Asheville, Duluth, Kyoto, Nairobi,
  Valparaiso, Reykjavik, Tallinn, Marrakesh, Hobart, Halifax, Cornwall, Bergen`);
const occasions = list(`birthday, wedding, Christmas, Thanksgiving, Easter, graduation, picnic, reunion, vacation,
  camping trip, road trip, first day of school, anniversary, baptism, recital, harvest festival, fishing trip,
  sleepover, snow day, garage sale, parade, housewarming, retirement party, spelling bee, science fair, talent show,
  bonfire night, sledding afternoon, pumpkin carving, barn dance, block party, homecoming, christening, tournament,
  regatta`);
const things = list(`apple pie, bread, cake, bicycle, piano, dog, cat, boat, tractor, quilt, snow, fireworks, kite,
  sandcastle, lemonade, photo album, radio, sewing machine, wheelbarrow, canoe, treehouse, jam jars, pancakes,
  accordion, violin, telescope, typewriter, puppy, kitten, pony, chickens, strawberries, blueberries, pumpkins,
  letters, postcards, sweater, scarf, hat, umbrella, suitcase, wagon, sled, skates, campfire, lantern, hammock,
  rocking chair, record player, train set, dollhouse, chess set, guitar`);
const verbs = list('laughed, sang, danced, cooked, swam, played, walked, talked, baked, painted, built, fixed, planted, picked, watched, read, wrote, sailed, climbed, raced');
const feelings = list('happy, proud, tired, nervous, cold, warm, quiet, noisy, lucky, silly, brave, homesick, grateful, surprised');
/** How a spoken story opens: words found in transcriptions and nowhere else. */
const spoken = list('Hmm, Gosh, Honestly, Anyway, Reckon, Golly, Blimey, Crikey');

/**
 * A family's own names, beyond the common ones: surnames, streets, pets, shops. Two syllables
 * each (1 600 of them), shuffled the same way for any N (the benchmark's queries name some),
 * so the frequent ones are not the alphabet's first.
 */
function ownNames(): string[] {
  const next = random(1);
  const syllables = list(`mar, bel, ton, ric, an, del, wyn, cor, lis, ven, ash, bro, fen, hal, ith, kel, lor, mon, nor, pel,
    quin, ros, sel, tam, ul, vor, wel, yar, zan, bri, dun, ell, gar, hol, jas, kip, lan, mer, ost, pim`);
  const names = syllables.flatMap((first) => syllables.map((second) => first[0]!.toUpperCase() + first.slice(1) + second));
  for (let index = names.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [names[index], names[other]] = [names[other]!, names[index]!];
  }
  return names;
}

/** Every word list the seeded texts are made of, for queries drawn independently of the benchmark's own (bench/search.ts). */
export const vocabulary = { people, relations, places, occasions, things, verbs, feelings, spoken, ownNames: ownNames() };

/** Draws from a list, early entries far more often than late ones (weights 1/rank). */
function zipf(entries: string[], next: () => number): () => string {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= entries.length; rank++) cumulative.push((total += 1 / rank));
  return () => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return entries[low]!;
  };
}

/** The generators of a memory's title, of its paragraphs and of the opening of a spoken one (a transcription). */
export function memoryTexts(next: () => number) {
  const person = zipf(people, next);
  const relation = zipf(relations, next);
  const place = zipf(places, next);
  const occasion = zipf(occasions, next);
  const thing = zipf(things, next);
  const verb = zipf(verbs, next);
  const feeling = zipf(feelings, next);
  const own = zipf(vocabulary.ownNames, next);
  const pick = <T>(options: (() => T)[]) => options[Math.floor(next() * options.length)]!();
  const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
  const title = () =>
    capital(
      pick([
        () => `${occasion()} at ${place()}`,
        () => `${person()}'s ${thing()}`,
        () => `${occasion()} with ${relation()} ${person()}`,
        () => `The ${thing()} in ${place()}`,
        () => `${person()} and the ${thing()}`,
        () => `${occasion()} at the ${own()}s'`,
        () => `Summer on ${own()} Street`,
      ]),
    );
  const sentence = () =>
    pick([
      () => `${person()} and ${person()} ${verb()} at ${place()} all afternoon.`,
      () => `We brought the ${thing()} to the ${occasion()} and everyone was ${feeling()}.`,
      () => `My ${relation()} ${person()} ${verb()} while the ${thing()} sat by the door.`,
      () => `It was the ${occasion()} when ${person()} first ${verb()} in ${place()}.`,
      () => `Nobody forgets how ${feeling()} we were at ${place()} that year.`,
      () => `We stayed with the ${own()} family on ${own()} Street.`,
      () => `Our dog ${own()} followed ${person()} everywhere.`,
      () => `${person()} bought the ${thing()} at ${own()}'s shop.`,
    ]);
  const paragraph = (sentences: number) => Array.from({ length: sentences }, sentence).join(' ');
  const spokenOpening = zipf(spoken, next);
  return { title, paragraph, spokenOpening };
}

export interface SearchSeed {
  memories: number;
  /** How many carry an image (one media row, for "only with images"). */
  withImages: number;
  seconds: number;
}

const BATCH = 500;

/** Where to seed: SQLite in the data folder unless a PostgreSQL URL (and schema) is given. */
export interface SeedDatabase {
  url?: string;
  schema?: string;
}

/** Fills the fresh DATA_DIR `dir` (and its SQLite database, or `database`) with the family and `memories` memories from 1950 to now. */
export async function seedSearch(dir: string, memories: number, log: (line: string) => void, database: SeedDatabase = {}): Promise<SearchSeed> {
  const started = performance.now();
  const dataDir = resolve(dir);
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
    ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
    STORAGE: 'local',
    LOG_LEVEL: 'silent',
  });
  const media = await createMediaStore(config);
  const handle = await openConfiguredDatabase(config, { migrate: true });
  const sqlite = handle.dialect === 'sqlite';
  try {
    // Rebuilt rather than recovered: no fsync per write. Set back before closing.
    if (sqlite) await sql`pragma synchronous = OFF`.execute(handle.db);
    const ctx = createContext({ db: handle.db, dialect: handle.dialect, config, media, now: () => new Date() });
    const { members, timeline } = await seedFamily(ctx);

    const next = random(memories + 7);
    const { title, paragraph, spokenOpening } = memoryTexts(next);
    const first = Date.UTC(1950, 0, 1);
    const span = Date.now() - first;
    let withImages = 0;
    await handle.db.transaction().execute(async (trx) => {
      for (let start = 0; start < memories; start += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, memories - start) }, () => {
          const creator = members[Math.floor(next() * members.length)]!;
          const createdAt = new Date(first + Math.floor(next() * span)).toISOString();
          return {
            memory: {
              id: randomUUID(),
              title: title(),
              content: paragraph(2 + Math.floor(next() * 4)),
              transcription: next() < 0.5 ? `${spokenOpening()}, ${paragraph(4 + Math.floor(next() * 7))}` : '',
              user_id: creator.id,
              family_id: creator.family_id,
              audio_key: null,
              created_at: createdAt,
              updated_at: createdAt,
            },
            // Most memories go to the whole family; one in ten stays with its creator (memories §6).
            sharedWith: next() < 0.9 ? members.map((member) => member.id) : [creator.id],
            image: next() < 0.03,
          };
        });
        await trx.insertInto('memories').values(rows.map((row) => row.memory)).execute();
        await trx.insertInto('memory_timelines').values(rows.map((row) => ({ memory_id: row.memory.id, timeline_id: timeline.id }))).execute();
        await trx
          .insertInto('memory_shares')
          .values(rows.flatMap((row) => row.sharedWith.map((userId) => ({ memory_id: row.memory.id, user_id: userId }))))
          .execute();
        const images = rows.filter((row) => row.image);
        withImages += images.length;
        if (images.length > 0) {
          await trx
            .insertInto('media')
            .values(
              images.map((row) => ({
                id: randomUUID(),
                memory_id: row.memory.id,
                owner_id: row.memory.user_id,
                kind: 'image' as const,
                storage_key: `images/${randomUUID()}.jpg`,
                mime_type: 'image/jpeg',
                size: 200_000,
                width: 1200,
                height: 900,
                duration: null,
                position: 0,
                created_at: row.memory.created_at,
              })),
            )
            .execute();
        }
        if ((start + BATCH) % 10_000 === 0) log(`  ${start + BATCH} memories`);
      }
    });
    if (sqlite) await sql`pragma synchronous = FULL`.execute(handle.db);
    else await sql`analyze`.execute(handle.db);
    return { memories, withImages, seconds: (performance.now() - started) / 1000 };
  } finally {
    media.close?.();
    await handle.close();
  }
}
