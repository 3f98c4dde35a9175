// What an import added and found already there, per kind of record: the closing lines of a
// run, and of a dry run what it would add.
export const importKinds = ['people', 'families', 'timelines', 'memberships', 'memories', 'comments', 'questions', 'storytellers', 'listenCodes', 'files'] as const;
export type ImportKind = (typeof importKinds)[number];

export type ImportCounts = Record<ImportKind, { added: number; already: number }>;

export const noCounts = (): ImportCounts =>
  Object.fromEntries(importKinds.map((kind) => [kind, { added: 0, already: 0 }])) as ImportCounts;

/** A person the import met: named in the closing lines. */
export interface MetPerson {
  name: string;
  email: string;
}

export interface ImportResult {
  counts: ImportCounts;
  /** People of the archive who are an account already here, by e-mail: their records now name that account. */
  matched: MetPerson[];
  /** People created with an address and no password: they reach their account with a reset link. */
  withoutPassword: MetPerson[];
}

const words: Record<ImportKind, [string, string]> = {
  people: ['person', 'people'],
  families: ['family', 'families'],
  timelines: ['timeline', 'timelines'],
  memberships: ['membership', 'memberships'],
  memories: ['memory', 'memories'],
  comments: ['comment', 'comments'],
  questions: ['question', 'questions'],
  storytellers: ['storyteller', 'storytellers'],
  listenCodes: ['listen code', 'listen codes'],
  files: ['file', 'files'],
};

export const countOf = (kind: ImportKind, count: number): string => `${count} ${words[kind][count === 1 ? 0 : 1]}`;
