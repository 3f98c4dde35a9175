// A backup folder's manifest: what the backup holds and the SHA-256 of every file. It is
// written last, so a folder without one is a backup that never finished.
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { isMediaKey } from '../providers/storage/index.js';
import { OpsError } from './errors.js';
import { syncFolder, writeDurably } from './files.js';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'heirloom-backup';
export const MANIFEST_VERSION = 1;

/** The SQLite copy, and the PostgreSQL rows as one JSON-lines file per table. */
export const SQLITE_FILE = 'database/heirloom.db';
export const tableFile = (table: string) => `database/${table}.jsonl`;
export const mediaFile = (key: string) => `media/${key}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');
const safePath = z
  .string()
  .refine(
    (path) => path === SQLITE_FILE || /^database\/[a-z_]+\.jsonl$/.test(path) || (path.startsWith('media/') && isMediaKey(path.slice('media/'.length))),
    'is not a place a backup puts a file',
  );

const fileEntry = z.object({
  path: safePath,
  size: z.number().int().nonnegative(),
  sha256,
  /** Media only: the type to store it under again (S3 keeps it as Content-Type). */
  contentType: z.string().min(1).optional(),
});

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  createdAt: z.iso.datetime(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** The latest migration the database had applied. */
  migration: z.string().min(1),
  /** Rows per table at the snapshot. */
  rows: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(fileEntry),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileEntry>;

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new OpsError(`${MANIFEST_FILE}: missing, so this is not a finished backup (a backup writes it last)`);
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OpsError(`${MANIFEST_FILE}: not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new OpsError(`${MANIFEST_FILE}: not a Heirloom backup manifest of version ${MANIFEST_VERSION} (${issue.message}${where})`);
  }
  const seen = new Set<string>();
  for (const file of parsed.data.files) {
    if (seen.has(file.path)) throw new OpsError(`${MANIFEST_FILE}: lists ${file.path} twice`);
    seen.add(file.path);
  }
  return parsed.data;
}

/** Written beside, flushed, then renamed: the manifest is there whole or not at all. */
export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const temp = join(dir, `.${MANIFEST_FILE}.part`);
  try {
    await writeDurably(temp, JSON.stringify(manifest, null, 2) + '\n');
    await rename(temp, join(dir, MANIFEST_FILE));
    await syncFolder(dir);
  } finally {
    await rm(temp, { force: true });
  }
}
