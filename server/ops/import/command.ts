// Placeholder while issue 25's importer is being built (this session replaces it).
import type { CommandIo } from '../commands.js';

export async function runArchiveImport(_argv: string[], _env: NodeJS.ProcessEnv, io: CommandIo): Promise<number> {
  io.complain('This importer is not built yet.');
  return 1;
}
