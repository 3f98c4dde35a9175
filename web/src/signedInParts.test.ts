// Issue 21 "First load": the signed-in page loads the welcome page's files, the signed-in app's
// chunk and two chunks of its parts (vite.config.ts, signedInPartsOf). The first pass's choice of
// modules and the build's check run here over the chunks of small bundles.
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { signedInParts, signedInPartsModules } from '../../vite.config';
import { buildRefusal } from './test/buildCheck';

function chunk(fileName: string, imports: string[], moduleIds: string[], kind: { entry?: boolean; facade?: string; dynamicImports?: string[] } = {}) {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\/|-\w+\.js$/g, ''),
    isEntry: kind.entry === true,
    isDynamicEntry: kind.facade !== undefined && kind.entry !== true,
    facadeModuleId: kind.facade ?? null,
    imports,
    dynamicImports: kind.dynamicImports ?? [],
    moduleIds,
  } as unknown as Rollup.OutputChunk;
}

const SIGNED_IN_APP = '/app/web/src/SignedInApp.tsx';
const LOGIN_PAGE = '/app/web/src/features/auth/LoginPage.tsx';
const CARD = '/app/node_modules/@mantine/core/esm/components/Card/Card.mjs';
const PROMPTS = ['/app/web/src/features/prompts/TodaysPrompts.tsx', '/app/web/src/features/prompts/usePrompts.ts'];
const FIELDS = '/app/common/memory-fields.ts';

/** The welcome page's entry: React at once, the sign-in form and the signed-in app lazily. */
const main = chunk('assets/main-1.js', ['assets/react-1.js'], ['/app/web/src/main.tsx'], { entry: true, dynamicImports: ['assets/LoginPage-1.js', 'assets/SignedInApp-1.js'] });
const react = chunk('assets/react-1.js', [], ['/app/node_modules/react/index.js']);
/** The storyteller's page draws with the memory fields' rules, and registers the service worker later. */
const tell = chunk('assets/tell-1.js', ['assets/react-1.js', 'assets/fields-1.js'], ['/app/web/src/tell/main.tsx'], { entry: true, dynamicImports: ['assets/register-1.js'] });
const fields = chunk('assets/fields-1.js', [], [FIELDS]);
const UPDATES = '/app/web/src/lib/offline/updates.ts';
const register = chunk('assets/register-1.js', ['assets/updates-1.js'], ['/app/web/src/lib/offline/register.ts'], { facade: '/app/web/src/lib/offline/register.ts' });
const updates = chunk('assets/updates-1.js', [], [UPDATES]);
const login = (imports: string[]) => chunk('assets/LoginPage-1.js', imports, [LOGIN_PAGE], { facade: LOGIN_PAGE });
const signedIn = (imports: string[]) => chunk('assets/SignedInApp-1.js', imports, [SIGNED_IN_APP], { facade: SIGNED_IN_APP, dynamicImports: ['assets/CaptureWizard-1.js'] });
const card = chunk('assets/Card-1.js', ['assets/react-1.js'], [CARD]);
const prompts = chunk('assets/prompts-1.js', ['assets/Card-1.js'], PROMPTS);
const wizard = chunk('assets/CaptureWizard-1.js', ['assets/prompts-1.js', 'assets/dates-1.js'], ['/app/web/src/features/capture/CaptureWizard.tsx'], { facade: '/app/web/src/features/capture/CaptureWizard.tsx' });
const dates = chunk('assets/dates-1.js', [], ['/app/node_modules/dayjs/dayjs.min.js']);

describe('signedInPartsModules', () => {
  const bundle = [
    main,
    react,
    tell,
    fields,
    register,
    updates,
    login(['assets/Card-1.js']),
    signedIn(['assets/react-1.js', 'assets/prompts-1.js', 'assets/Card-1.js', 'assets/fields-1.js', 'assets/updates-1.js']),
    card,
    prompts,
    wizard,
    dates,
  ];

  it('are what the signed-in app loads beyond the pages’ entries, split by whether a signed-out visitor loads them too', () => {
    const parts = signedInPartsModules(bundle);
    expect([...parts.signedInOnly].sort()).toEqual(PROMPTS);
    expect([...parts.shared]).toEqual([CARD]);
  });

  it('leave out the signed-in app itself, all the storyteller’s page may load and what loads later', () => {
    const parts = [...Object.values(signedInPartsModules(bundle))].flatMap((set) => [...set]);
    for (const id of [SIGNED_IN_APP, FIELDS, UPDATES, '/app/node_modules/react/index.js', '/app/node_modules/dayjs/dayjs.min.js']) expect(parts).not.toContain(id);
  });

  it('are none when the bundle has no signed-in app', () => {
    const parts = signedInPartsModules([main, react, tell, fields]);
    expect(parts.signedInOnly.size + parts.shared.size).toBe(0);
  });
});

const refusal = (chunks: Rollup.OutputChunk[]) => buildRefusal(signedInParts(), chunks);

describe('signedInParts', () => {
  const signedInOnly = (imports: string[] = []) => chunk('assets/signed-in-parts-1.js', imports, PROMPTS);
  const shared = (imports: string[] = []) => chunk('assets/shared-parts-1.js', imports, [CARD]);
  const app = signedIn(['assets/signed-in-parts-1.js', 'assets/shared-parts-1.js']);

  it('lets through parts loaded by the signed-in app, the shared ones also by the sign-in form', () => {
    expect(refusal([main, react, tell, fields, register, updates, login(['assets/shared-parts-1.js']), app, signedInOnly(['assets/shared-parts-1.js']), shared(['assets/main-1.js'])])).toBeNull();
  });

  it('refuses a signed-in page that still loads a small chunk beside the parts: the gathering did not take', () => {
    const looseApp = signedIn(['assets/signed-in-parts-1.js', 'assets/shared-parts-1.js', 'assets/Card-1.js']);
    expect(refusal([main, react, tell, fields, register, updates, login([]), looseApp, signedInOnly(), shared(), card])).toBe(
      "the signed-in page loads assets/Card-1.js beside the signed-in app's parts (vite.config.ts, signedInParts)",
    );
  });

  it('refuses parts a page’s entry draws with', () => {
    const greedyMain = chunk('assets/main-1.js', ['assets/react-1.js', 'assets/shared-parts-1.js'], main.moduleIds, { entry: true, dynamicImports: ['assets/SignedInApp-1.js'] });
    expect(refusal([greedyMain, react, tell, fields, register, updates, app, signedInOnly(), shared()])).toBe("a page's entry draws with assets/shared-parts-1.js (vite.config.ts, signedInParts)");
  });

  it('refuses parts the storyteller’s page can load even lazily: they import the app’s entry, and it would become the app', () => {
    const greedyRegister = chunk('assets/register-1.js', ['assets/shared-parts-1.js'], register.moduleIds, { facade: '/app/web/src/lib/offline/register.ts' });
    // Through the app's entry the page would reach the signed-in app and its own parts as well.
    expect(refusal([main, react, tell, fields, greedyRegister, app, signedInOnly(), shared(['assets/main-1.js'])])).toMatch(
      /^the storyteller's page can load assets\/(shared|signed-in)-parts-1\.js, and the app's entry with it \(vite\.config\.ts, signedInParts\)$/,
    );
  });

  it('refuses the signed-in app’s own parts where a signed-out visitor can reach them', () => {
    expect(refusal([main, react, tell, fields, login(['assets/signed-in-parts-1.js']), app, signedInOnly(), shared()])).toBe(
      'a visitor who is not signed in can load assets/signed-in-parts-1.js (vite.config.ts, signedInParts)',
    );
  });

  it('refuses parts that import the signed-in app back', () => {
    expect(refusal([main, react, tell, fields, login([]), app, signedInOnly(['assets/SignedInApp-1.js']), shared()])).toBe(
      "assets/signed-in-parts-1.js imports the signed-in app's chunk, which imports it (vite.config.ts, signedInParts)",
    );
  });
});
