// The records' JSON Schema (issue 25): the copy in docs/ is the one the zod makes, and it says
// yes and no where the zod does, read by a validator that shares no code with zod (Ajv, the
// JSON Schema validator Fastify already runs on; 2020-12 dialect).
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  archiveHeader,
  memoryRecord,
  personRecord,
  recordFiles,
  type ArchiveHeader,
  type MemoryRecord,
  type PersonRecord,
} from '../../../common/archive-format.js';
import { archiveJsonSchema, archiveJsonSchemaText, committedSchemaPath } from './schema.js';

const at = '2026-11-25T09:30:00.000Z';
const sha = 'a'.repeat(64);

const person: PersonRecord = { id: 'p-1', displayName: 'Rose', firstName: null, lastName: null, email: 'rose@example.com', isStoryteller: false, familyId: null, avatar: null, createdAt: at };
const memory: MemoryRecord = {
  id: 'm-1',
  title: 'The sea',
  content: '',
  transcription: '',
  authorId: 'p-1',
  familyId: null,
  audience: 'people',
  timelineIds: [],
  sharedWith: ['p-2'],
  tags: ['sea'],
  files: [{ mediaId: 'f-1', kind: 'audio', position: 0, sha256: sha, path: `media/${sha}.webm`, mimeType: 'audio/webm', bytes: 10, width: null, height: null, durationSeconds: 3.5, ownerId: 'p-1', createdAt: at }],
  voiceMediaId: 'f-1',
  followUps: [{ id: 'q-1', question: 'Who?', answer: 'Sam', position: 0, voiceMediaId: null }],
  listenCodes: [{ id: 'l-1', tokenSha256: sha, createdBy: 'p-1', createdAt: at }],
  createdAt: at,
  updatedAt: at,
};
const header: ArchiveHeader = {
  format: ARCHIVE_FORMAT,
  version: ARCHIVE_VERSION,
  exportedAt: at,
  exportedBy: { id: 'p-1', displayName: 'Rose' },
  generator: 'Heirloom 0.1.0',
  counts: { people: 1, families: 0, timelines: 0, memberships: 0, memories: 1, comments: 0, questions: 0, storytellers: 0, files: 1 },
};

function validatorOf(file: string) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(committedSchemaPath, 'utf8')) as { $id: string };
  ajv.addSchema(schema);
  return ajv.getSchema(`${schema.$id}#/$defs/${file}`)!;
}

describe("the archive's JSON Schema", () => {
  it('is committed as docs/archive-format.schema.json exactly as the records make it (refresh: node --import tsx server/archives/everything/schema.ts --write)', () => {
    expect(readFileSync(committedSchemaPath, 'utf8')).toBe(archiveJsonSchemaText());
  });

  it('names heirloom.json and every records file', () => {
    expect(Object.keys(archiveJsonSchema().$defs as object)).toEqual(['heirloom.json', ...recordFiles.map((name) => `${name}.jsonl`)]);
  });

  it('accepts records the zod accepts', () => {
    for (const [file, record] of [['heirloom.json', header], ['people.jsonl', person], ['memories.jsonl', memory]] as const) {
      const validate = validatorOf(file);
      expect(validate(JSON.parse(JSON.stringify(record))), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('refuses what the zod refuses: an unknown version, a file outside media/, a bad hash, a missing field, a date that is not one', () => {
    const { title: _title, ...untitled } = memory;
    const refused = [
      ['heirloom.json', archiveHeader, { ...header, version: 2 }],
      ['memories.jsonl', memoryRecord, { ...memory, files: [{ ...memory.files[0], path: '../etc/passwd' }] }],
      ['memories.jsonl', memoryRecord, { ...memory, listenCodes: [{ ...memory.listenCodes[0], tokenSha256: 'not-a-hash' }] }],
      ['memories.jsonl', memoryRecord, untitled],
      ['people.jsonl', personRecord, { ...person, createdAt: 'yesterday' }],
    ] as const;
    for (const [file, zod, record] of refused) {
      expect(zod.safeParse(record).success).toBe(false);
      expect(validatorOf(file)(record), `${file}: ${JSON.stringify(record)}`).toBe(false);
    }
  });
});
