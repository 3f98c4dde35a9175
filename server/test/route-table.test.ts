// Issue 11: every route the app registers has a row in the authorization table, and every
// row's answers hold for owner, shared viewer, timeline member not shared, a member who joined
// after the memory (on a 'people' memory, and on a 'timeline' one where viewers differ),
// stranger and signed out, on both dialects. A new route without a row fails here, naming it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from './app.js';
import { routeTable } from './route-table.js';
import { cookieOf, makeWorld, personas, statusOf, type Expected, type Persona, type RouteRow, type World } from './route-table-test-support.js';

/** `GET /api/memories/:id`, one name per method the route answers. */
const namesOf = (route: RouteOptions): string[] => [route.method].flat().map((method) => `${method} ${route.url}`);

const headTwinOf = (name: string) => `HEAD ${name.slice('GET '.length)}`;

function describeExpected(expected: Expected): string {
  if (typeof expected === 'number') return String(expected);
  return `${expected.status}, ${expected.sees ? 'showing' : 'not showing'} the object`;
}

async function call(world: World, row: RouteRow, persona: Persona, method: string) {
  const { url, payload, headers = {}, remoteAddress } = await row.request(world, persona);
  const cookie = cookieOf(world, persona);
  const response = await world.t.app.inject({ method: method as 'GET', url, payload, remoteAddress, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  return { url, response };
}

describe.each(dialects)('the authorization table on %s', (dialect) => {
  const registered: string[] = [];
  let t: TestApp;
  let shared: World;
  let sharedForEveryone: World;

  beforeAll(async () => {
    t = await makeTestApp(dialect, { onRoute: (route) => registered.push(...namesOf(route)) });
    shared = await makeWorld(t);
    sharedForEveryone = await makeWorld(t, { audience: 'timeline' });
  });
  afterAll(() => t.close());

  it('has a row for every registered route (a GET row covers its HEAD twin)', () => {
    const rows = new Set(routeTable.map((row) => row.route));
    const unchecked = registered.filter((name) => !rows.has(name) && !(name.startsWith('HEAD ') && rows.has(`GET ${name.slice('HEAD '.length)}`)));
    expect(unchecked, 'routes registered without a row in server/test/route-table.ts').toEqual([]);
  });

  it('has no row for a route that is not registered, and one row per route', () => {
    const gone = routeTable.map((row) => row.route).filter((name) => !registered.includes(name));
    expect(gone, 'rows of server/test/route-table.ts whose route is not registered').toEqual([]);
    const names = routeTable.map((row) => row.route);
    expect(names.filter((name, index) => names.indexOf(name) !== index), 'routes with two rows').toEqual([]);
  });

  it("counts the web app's files apart: public GET and HEAD of built files, none under /api or /uploads", async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'heirloom-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Heirloom</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    const withWeb: string[] = [];
    const web = await makeTestApp(dialect, { webRoot, onRoute: (route) => withWeb.push(...namesOf(route)) });
    try {
      const added = withWeb.filter((name) => !registered.includes(name)).sort();
      expect(added).toEqual(['GET /assets/app-1a2b3c.js', 'GET /index.html', 'HEAD /assets/app-1a2b3c.js', 'HEAD /index.html']);
      for (const name of added.filter((each) => each.startsWith('GET '))) {
        const response = await web.app.inject({ method: 'GET', url: name.slice('GET '.length) });
        expect(response.statusCode, name).toBe(200);
      }
    } finally {
      await web.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });

  for (const row of routeTable) {
    describe(`${row.route}${row.bug ? ` (bug: ${row.bug})` : ''}`, () => {
      const cases: { persona: Persona; expected: Expected; audience: 'people' | 'timeline'; name: string }[] = personas.map((persona) => ({
        persona,
        expected: row.expect[persona],
        audience: 'people',
        name: `as ${persona}: ${describeExpected(row.expect[persona])}`,
      }));
      // DESIGN "Memory view" (amended 2026-11-25): where the table tells the viewer from the
      // member, a memory whose audience is 'timeline' answers the latecomer as the viewer.
      if (!row.notAboutTheMemory && JSON.stringify(row.expect.viewer) !== JSON.stringify(row.expect.member)) {
        cases.push({
          persona: 'latecomer',
          expected: row.expect.viewer,
          audience: 'timeline',
          name: `as latecomer, the memory's audience 'timeline': ${describeExpected(row.expect.viewer)}`,
        });
      }
      for (const { persona, expected, audience, name } of cases) {
        it(name, async () => {
          const [method] = row.route.split(' ') as [string];
          const methods = method === 'GET' && registered.includes(headTwinOf(row.route)) ? ['GET', 'HEAD'] : [method];
          for (const each of methods) {
            // A call that changes what it touches gets a world of its own, so no answer
            // depends on what another persona's call did before it.
            const world = row.fresh ? await makeWorld(t, { audience }) : audience === 'timeline' ? sharedForEveryone : shared;
            const { url, response } = await call(world, row, persona, each);
            expect(response.statusCode, `${each} ${url} as ${persona} answered ${response.body.slice(0, 300)}`).toBe(statusOf(expected));
            if (typeof expected === 'number' || each === 'HEAD') continue;
            if (!row.reveals) throw new Error(`${row.route}: an answer that shows or hides the object needs reveals()`);
            expect(response.body.includes(row.reveals(world)), `${each} ${url} as ${persona} should ${expected.sees ? '' : 'not '}show it`).toBe(expected.sees);
          }
        });
      }
    });
  }
});
