// Everything an import checks before it writes anything (issue 25 "Bringing it back"): the
// bag's own promises (RFC 8493: bagit.txt, every manifest line's file and its SHA-256, no
// payload file the manifest leaves out, the tag manifest), then the records: the header's
// format and version, every line against its schema, every file a record names present with
// that hash, and every id a record names among the archive's records. Each problem is a line
// naming where it is; one problem refuses the whole import.
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  archiveHeader,
  bagPaths,
  recordFiles,
  type ArchiveFile,
  type ArchiveHeader,
  type RecordFile,
} from '../../../common/archive-format.js';
import type { Bag } from './bag.js';
import { eachRecord, issuesOf, type RecordOf } from './records.js';

/** Problems listed before the rest are only counted: a bag damaged everywhere says so in a screenful. */
const PROBLEMS_SHOWN = 50;

export interface Verified {
  header: ArchiveHeader;
  /** The SHA-256 the manifest gives each payload file, by its path relative to the bag. */
  manifest: Map<string, string>;
}

export type Verification = { ok: true; verified: Verified; problems: [] } | { ok: false; problems: string[] };

/** Files hashed between two lines of progress. */
const PROGRESS_EVERY = 1000;

export async function verifyBag(bag: Bag, log: (line: string) => void = () => {}): Promise<Verification> {
  const problems = new Problems();
  checkDeclaration(await optionalText(bag, bagPaths.declaration), problems);
  const manifest = await checkManifest(bag, bagPaths.manifest, problems, true, log);
  for (const path of bag.paths()) {
    if (path.startsWith('data/') && !manifest.has(path)) problems.add(`${path}: in the archive but not in ${bagPaths.manifest}`);
  }
  if (bag.has(bagPaths.tagManifest)) await checkManifest(bag, bagPaths.tagManifest, problems, false);

  const header = await checkHeader(bag, problems);
  // Records are read only from a bag whose header this Heirloom understands.
  if (header) await checkRecords(bag, header, manifest, problems);
  const list = problems.list();
  return list.length === 0 && header ? { ok: true, verified: { header, manifest }, problems: [] } : { ok: false, problems: list };
}

class Problems {
  private lines: string[] = [];
  private count = 0;
  add(line: string): void {
    this.count++;
    if (this.lines.length < PROBLEMS_SHOWN) this.lines.push(line);
  }
  list(): string[] {
    return this.count > this.lines.length ? [...this.lines, `… and ${this.count - this.lines.length} more`] : [...this.lines];
  }
}

async function optionalText(bag: Bag, path: string): Promise<string | null> {
  return bag.has(path) ? bag.text(path) : null;
}

function checkDeclaration(text: string | null, problems: Problems): void {
  if (text === null) return problems.add(`${bagPaths.declaration}: missing, so this is no BagIt bag`);
  // RFC 8493 §2.1.1: "BagIt-Version: M.N" then "Tag-File-Character-Encoding: UTF-8".
  const version = /^BagIt-Version:\s*(\d+)\.(\d+)\s*$/m.exec(text);
  if (!version) return problems.add(`${bagPaths.declaration}: it names no BagIt-Version`);
  if (version[1] !== '1') problems.add(`${bagPaths.declaration}: BagIt ${version[1]}.${version[2]}, and this Heirloom reads BagIt 1.x`);
  if (!/^Tag-File-Character-Encoding:\s*UTF-8\s*$/im.test(text)) problems.add(`${bagPaths.declaration}: its tag files are not UTF-8`);
}

/** RFC 8493 §2.1.3: a path's line feed, carriage return and percent sign are percent-encoded. */
const decodePath = (path: string) => path.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%25/g, '%');

/** Hashes every file the manifest lists against its line; answers the payload's hashes by path. */
async function checkManifest(bag: Bag, manifestPath: string, problems: Problems, required: boolean, log: (line: string) => void = () => {}): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  if (!bag.has(manifestPath)) {
    if (required) problems.add(`${manifestPath}: missing, so no file's hash can be checked`);
    return hashes;
  }
  for await (const { line, number } of bag.lines(manifestPath)) {
    if (line.trim() === '') continue;
    const parsed = /^([0-9a-fA-F]{64})[ \t]+(.+)$/.exec(line);
    if (!parsed) {
      problems.add(`${manifestPath} line ${number}: not "SHA-256 path"`);
      continue;
    }
    const sha = parsed[1]!.toLowerCase();
    const path = decodePath(parsed[2]!);
    if (hashes.has(path)) problems.add(`${manifestPath} line ${number}: ${path} is listed twice`);
    hashes.set(path, sha);
    if (hashes.size % PROGRESS_EVERY === 0) log(`Checked ${hashes.size} files`);
    if (!bag.has(path)) problems.add(`${path}: in ${manifestPath} but missing from the archive`);
    else if ((await sha256Of(bag, path)) !== sha) problems.add(`${path}: its SHA-256 is not the one ${manifestPath} gives`);
  }
  return hashes;
}

async function sha256Of(bag: Bag, path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(await bag.stream(path), hash);
  return hash.digest('hex');
}

async function checkHeader(bag: Bag, problems: Problems): Promise<ArchiveHeader | null> {
  const path = bagPaths.header;
  if (!bag.has(path)) {
    problems.add(`${path}: missing, so this is no Heirloom archive`);
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(await bag.text(path));
  } catch {
    problems.add(`${path}: not JSON`);
    return null;
  }
  const claimed = json as { format?: unknown; version?: unknown };
  if (claimed?.format !== ARCHIVE_FORMAT) {
    problems.add(`${path}: its format is ${JSON.stringify(claimed?.format)}, not "${ARCHIVE_FORMAT}"`);
    return null;
  }
  if (typeof claimed.version === 'number' && claimed.version > ARCHIVE_VERSION) {
    problems.add(`${path}: the archive is version ${claimed.version}, made by a newer Heirloom; this one reads version ${ARCHIVE_VERSION}. Update Heirloom, then import it.`);
    return null;
  }
  const parsed = archiveHeader.safeParse(json);
  if (!parsed.success) {
    problems.add(`${path}: ${issuesOf(parsed.error)}`);
    return null;
  }
  return parsed.data;
}


/** The ids each record file brings, so later lines' references can be checked. */
interface Known {
  people: Set<string>;
  families: Set<string>;
  timelines: Set<string>;
  memories: Set<string>;
  comments: Set<string>;
  mediaIds: Set<string>;
  emails: Set<string>;
}

async function checkRecords(bag: Bag, header: ArchiveHeader, manifest: Map<string, string>, problems: Problems): Promise<void> {
  const known: Known = { people: new Set(), families: new Set(), timelines: new Set(), memories: new Set(), comments: new Set(), mediaIds: new Set(), emails: new Set() };
  /** A person's family comes later, in families.jsonl. */
  const familiesNamed: { where: string; id: string }[] = [];

  const at = (name: RecordFile, line: number) => `${bagPaths.records(name)} line ${line}`;
  const needs = (where: string, what: string, set: Set<string>, value: string | null) => {
    if (value !== null && !set.has(value)) problems.add(`${where}: ${what} ${value} is not in the archive`);
  };
  const unique = (where: string, what: string, set: Set<string>, value: string) => {
    if (set.has(value)) problems.add(`${where}: ${what} ${value} appears twice`);
    set.add(value);
  };
  const file = (where: string, named: ArchiveFile) => {
    unique(where, 'media id', known.mediaIds, named.mediaId);
    const sha = manifest.get(`data/${named.path}`);
    if (sha === undefined) problems.add(`${where}: its file data/${named.path} is not in the archive`);
    else if (sha !== named.sha256) problems.add(`${where}: its file data/${named.path} is not the one it names (SHA-256 differs)`);
    // Found here rather than by the store after a write: a size wrong in its record refuses before anything is written.
    else if (bag.size(`data/${named.path}`) !== named.bytes) problems.add(`${where}: its file data/${named.path} holds ${bag.size(`data/${named.path}`)} bytes, and the record says ${named.bytes}`);
  };

  const counted: Partial<Record<RecordFile, number>> = {};
  for (const name of recordFiles) {
    const path = bagPaths.records(name);
    if (!bag.has(path)) {
      if (header.counts[name] > 0) problems.add(`${path}: missing, and ${bagPaths.header} counts ${header.counts[name]}`);
      continue;
    }
    counted[name] = 0;
    for await (const read of eachRecord(bag, name)) {
      counted[name]++;
      const where = at(name, read.line);
      if (!read.ok) {
        problems.add(`${where}: ${read.problem}`);
        continue;
      }
      checkRecord(read.name, read.record, where);
    }
    if (counted[name] !== header.counts[name]) problems.add(`${path}: ${counted[name]} records, and ${bagPaths.header} counts ${header.counts[name]}`);
  }
  for (const { where, id } of familiesNamed) needs(where, 'family', known.families, id);

  type Parsed<N extends RecordFile> = RecordOf<N>;
  function checkRecord(name: RecordFile, record: Parsed<RecordFile>, where: string): void {
    switch (name) {
      case 'people': {
        const person = record as Parsed<'people'>;
        unique(where, 'person', known.people, person.id);
        if (person.email) unique(where, 'e-mail', known.emails, person.email.toLowerCase());
        if (person.familyId) familiesNamed.push({ where, id: person.familyId });
        if (person.avatar) file(where, person.avatar);
        return;
      }
      case 'families': {
        const family = record as Parsed<'families'>;
        unique(where, 'family', known.families, family.id);
        needs(where, 'person', known.people, family.createdBy);
        if (family.createdBy === null && !known.people.has(header.exportedBy.id)) problems.add(`${where}: it names no creator, and the exporter is not among the people`);
        return;
      }
      case 'timelines': {
        const timeline = record as Parsed<'timelines'>;
        unique(where, 'timeline', known.timelines, timeline.id);
        needs(where, 'person', known.people, timeline.ownerId);
        return;
      }
      case 'memberships': {
        const membership = record as Parsed<'memberships'>;
        needs(where, 'timeline', known.timelines, membership.timelineId);
        needs(where, 'person', known.people, membership.personId);
        return;
      }
      case 'memories': {
        const memory = record as Parsed<'memories'>;
        unique(where, 'memory', known.memories, memory.id);
        needs(where, 'person', known.people, memory.authorId);
        needs(where, 'family', known.families, memory.familyId);
        for (const id of memory.timelineIds) needs(where, 'timeline', known.timelines, id);
        for (const id of memory.sharedWith) needs(where, 'person', known.people, id);
        for (const named of memory.files) {
          file(where, named);
          needs(where, 'person', known.people, named.ownerId);
        }
        const own = new Set(memory.files.map((named) => named.mediaId));
        if (memory.voiceMediaId !== null && !own.has(memory.voiceMediaId)) problems.add(`${where}: its voice ${memory.voiceMediaId} is not among its files`);
        for (const followUp of memory.followUps) {
          if (followUp.voiceMediaId !== null && !own.has(followUp.voiceMediaId)) problems.add(`${where}: follow-up ${followUp.id}'s voice ${followUp.voiceMediaId} is not among its files`);
        }
        for (const code of memory.listenCodes) needs(where, 'person', known.people, code.createdBy);
        return;
      }
      case 'comments': {
        const comment = record as Parsed<'comments'>;
        unique(where, 'comment', known.comments, comment.id);
        needs(where, 'memory', known.memories, comment.memoryId);
        needs(where, 'person', known.people, comment.authorId);
        if (comment.voice) file(where, comment.voice);
        return;
      }
      case 'questions': {
        const question = record as Parsed<'questions'>;
        needs(where, 'timeline', known.timelines, question.timelineId);
        needs(where, 'person', known.people, question.askedBy);
        needs(where, 'person', known.people, question.forPersonId);
        needs(where, 'memory', known.memories, question.answeredMemoryId);
        return;
      }
      case 'storytellers': {
        const storyteller = record as Parsed<'storytellers'>;
        needs(where, 'person', known.people, storyteller.personId);
        needs(where, 'timeline', known.timelines, storyteller.timelineId);
        needs(where, 'person', known.people, storyteller.createdBy);
        return;
      }
    }
  }
}
