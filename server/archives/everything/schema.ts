// The JSON Schema of an archive's records (issue 25), made from common/archive-format.ts so
// the two can never disagree: written into every bag (data/records/schema.json) and kept in
// the repository (docs/archive-format.schema.json; a test fails when that copy is stale).
import { z } from 'zod';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveHeader, recordSchemas } from '../../../common/archive-format.js';

export function archiveJsonSchema(): Record<string, unknown> {
  const definitions = Object.fromEntries(
    [['heirloom.json', archiveHeader] as const, ...Object.entries(recordSchemas).map(([name, schema]) => [`${name}.jsonl`, schema] as const)].map(([name, schema]) => [
      name,
      z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }),
    ]),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://heirloom.example/schemas/${ARCHIVE_FORMAT}/v${ARCHIVE_VERSION}.json`,
    title: `Heirloom archive, version ${ARCHIVE_VERSION}: data/heirloom.json and each line of data/records/*.jsonl`,
    description: 'Each key of $defs names a file of the bag: heirloom.json is one JSON object; each line of a .jsonl file is one object of its schema.',
    $defs: definitions,
  };
}
