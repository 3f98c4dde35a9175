// The build's checks (vite.config.ts: schemasOffHome, signedInParts) run in tests over the
// chunks of small bundles, as the bundler hands them over in generateBundle.
import type { Plugin, Rollup } from 'vite';

/** The refusal the check gives for a bundle of these chunks, or null when it lets it through. */
export function buildRefusal(check: Plugin, chunks: Rollup.OutputChunk[]): string | null {
  const { generateBundle } = check as Plugin & { generateBundle: (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void };
  try {
    generateBundle.call({ error: (message: string) => { throw new Error(message); } }, {}, Object.fromEntries(chunks.map((each) => [each.fileName, each])));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
