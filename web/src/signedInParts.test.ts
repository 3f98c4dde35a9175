// Issue 21 "First load": the signed-in page loads the welcome page's files, the signed-in app's
// chunk and one chunk of its parts (vite.config.ts, signedInPartsOf). The first pass's choice of
// modules and the build's check run here over the chunks of small bundles.
import type { Plugin, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { signedInOnlyModules, signedInParts } from '../../vite.config';

function chunk(fileName: string, imports: string[], moduleIds: string[], kind: { entry?: boolean; facade?: string } = {}) {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\/|-\w+\.js$/g, ''),
    isEntry: kind.entry === true,
    isDynamicEntry: kind.facade !== undefined,
    facadeModuleId: kind.facade ?? null,
    imports,
    moduleIds,
  } as unknown as Rollup.OutputChunk;
}

const main = chunk('assets/main-1.js', ['assets/react-1.js'], ['/app/web/src/main.tsx', '/app/web/src/App.tsx'], { entry: true });
const react = chunk('assets/react-1.js', [], ['/app/node_modules/react/index.js']);
const signedIn = (imports: string[]) => chunk('assets/SignedInApp-1.js', imports, ['/app/web/src/SignedInApp.tsx'], { facade: '/app/web/src/SignedInApp.tsx' });
const card = chunk('assets/Card-1.js', ['assets/react-1.js'], ['/app/node_modules/@mantine/core/esm/components/Card/Card.mjs']);
const prompts = chunk('assets/prompts-1.js', ['assets/Card-1.js'], ['/app/web/src/features/prompts/TodaysPrompts.tsx', '/app/web/src/features/prompts/usePrompts.ts']);
const wizard = chunk('assets/CaptureWizard-1.js', ['assets/Card-1.js', 'assets/dates-1.js'], ['/app/web/src/features/capture/CaptureWizard.tsx'], { facade: '/app/web/src/features/capture/CaptureWizard.tsx' });
const dates = chunk('assets/dates-1.js', [], ['/app/node_modules/dayjs/dayjs.min.js']);

describe('signedInOnlyModules', () => {
  it('are the modules of the chunks the signed-in app loads beyond the welcome page, not the app itself nor what loads later', () => {
    const modules = signedInOnlyModules([main, react, signedIn(['assets/react-1.js', 'assets/prompts-1.js', 'assets/Card-1.js']), card, prompts, wizard, dates]);
    expect([...modules].sort()).toEqual([
      '/app/node_modules/@mantine/core/esm/components/Card/Card.mjs',
      '/app/web/src/features/prompts/TodaysPrompts.tsx',
      '/app/web/src/features/prompts/usePrompts.ts',
    ]);
  });

  it('are none when the bundle has no signed-in app', () => {
    expect(signedInOnlyModules([main, react]).size).toBe(0);
  });
});

/** The refusal the build's check gives for a bundle, or null when it lets it through. */
function refusal(chunks: Rollup.OutputChunk[]): string | null {
  const plugin = signedInParts() as Plugin & { generateBundle: (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void };
  try {
    plugin.generateBundle.call({ error: (message: string) => { throw new Error(message); } }, {}, Object.fromEntries(chunks.map((each) => [each.fileName, each])));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('signedInParts', () => {
  const parts = (imports: string[]) => chunk('assets/signed-in-parts-1.js', imports, card.moduleIds);

  it('lets through parts that only the signed-in app and what it opens later load', () => {
    expect(refusal([main, react, signedIn(['assets/react-1.js', 'assets/signed-in-parts-1.js']), parts(['assets/react-1.js']), wizard, dates])).toBeNull();
  });

  it('refuses parts the welcome page would load', () => {
    const greedyMain = chunk('assets/main-1.js', ['assets/react-1.js', 'assets/signed-in-parts-1.js'], main.moduleIds, { entry: true });
    expect(refusal([greedyMain, react, signedIn(['assets/signed-in-parts-1.js']), parts([])])).toBe(
      "the welcome page loads the signed-in app's parts (assets/signed-in-parts-1.js; vite.config.ts, signedInParts)",
    );
  });

  it('refuses parts that import the signed-in app back', () => {
    expect(refusal([main, react, signedIn(['assets/signed-in-parts-1.js']), parts(['assets/SignedInApp-1.js'])])).toBe(
      "the signed-in app's parts import the signed-in app (assets/signed-in-parts-1.js → assets/SignedInApp-1.js; vite.config.ts, signedInParts)",
    );
  });
});
