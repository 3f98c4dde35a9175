// The JSON Schema of an archive's records (issue 25), made from common/archive-format.ts so
// the two can never disagree: written into every bag (data/records/schema.json) and kept in
// the repository (docs/archive-format.schema.json; a test fails when that copy is stale).
// Refresh that copy: node --import tsx server/archives/everything/schema.ts --write
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveHeader, recordSchemas } from '../../../common/archive-format.js';
import { packageRoot } from '../../paths.js';

export function archiveJsonSchema(): Record<string, unknown> {
  const definitions = Object.fromEntries(
    [['heirloom.json', archiveHeader] as const, ...Object.entries(recordSchemas).map(([name, schema]) => [`${name}.jsonl`, schema] as const)].map(([name, schema]) => [
      name,
      withoutDialect(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' })),
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

/** JSON Schema 2020-12 §8.1.1: `$schema` belongs at a resource's root only, so the one at the top says it for all. */
function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** As written to a file: two spaces, a last newline. */
export function archiveJsonSchemaText(): string {
  return `${JSON.stringify(archiveJsonSchema(), null, 2)}\n`;
}

// From the package root, not this module's URL: the same from tsx and dist/server, and a URL made
// from import.meta.url is not a file: URL to node under the web's component tests (jsdom's URL),
// which load the whole app.
export const committedSchemaPath = join(packageRoot, 'docs', 'archive-format.schema.json');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes('--write')) {
  writeFileSync(committedSchemaPath, archiveJsonSchemaText());
  console.log(`wrote ${committedSchemaPath}`);
}
