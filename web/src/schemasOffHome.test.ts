// Issue 21 "First load": the build fails when what home draws or fetches while idle reaches the
// schema library (vite.config.ts, schemasOffHome), and names the chunks on the way. Its check
// runs here over the chunks of a small bundle, as the bundler hands them over.
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { schemasOffHome } from '../../vite.config';
import { buildRefusal } from './test/buildCheck';

function chunk(fileName: string, facade: string | null, imports: string[], modules: string[] = [], kind: 'entry' | 'dynamic' | 'shared' = 'shared') {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\/|-\w+\.js$/g, ''),
    isEntry: kind === 'entry',
    isDynamicEntry: kind === 'dynamic',
    facadeModuleId: facade,
    imports,
    modules: Object.fromEntries(modules.map((id) => [id, {}])),
  } as unknown as Rollup.OutputChunk;
}

const refusal = (chunks: Rollup.OutputChunk[]) => buildRefusal(schemasOffHome(), chunks);

const schemas = chunk('assets/schemas-1.js', null, [], ['/app/node_modules/zod/index.js']);
const main = chunk('assets/main-1.js', '/app/web/index.html', ['assets/shared-1.js'], [], 'entry');
const shared = chunk('assets/shared-1.js', null, []);

describe('schemasOffHome', () => {
  it('lets through a bundle whose schemas only a form loads', () => {
    const capture = chunk('assets/CaptureWizard-1.js', '/app/web/src/features/capture/CaptureWizard.tsx', ['assets/schemas-1.js'], [], 'dynamic');
    const card = chunk('assets/MemoryCard-1.js', '/app/web/src/features/memories/card/MemoryCard.tsx', ['assets/shared-1.js'], [], 'dynamic');
    expect(refusal([main, shared, card, capture, schemas])).toBeNull();
  });

  it('refuses the memory card home fetches while idle reaching zod, naming the chunks on the way', () => {
    const audio = chunk('assets/audio-1.js', null, ['assets/schemas-1.js']);
    const card = chunk('assets/MemoryCard-1.js', '/app/web/src/features/memories/card/MemoryCard.tsx', ['assets/shared-1.js', 'assets/audio-1.js'], [], 'dynamic');
    expect(refusal([main, shared, card, audio, schemas])).toBe(
      'zod is among what home loads: assets/MemoryCard-1.js → assets/audio-1.js → assets/schemas-1.js (vite.config.ts, schemasOffHome)',
    );
  });
});
