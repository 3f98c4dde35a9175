import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { VitePWA } from 'vite-plugin-pwa';
import { build, defineConfig, parseAst, type Plugin, type Rollup } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

/**
 * Issue 8 "First load": the app's files go out compressed. Each built text file gets a
 * `.br` (brotli, best quality) and a `.gz` sibling once, at build time, so the server
 * only picks one by Accept-Encoding (server/http/web.ts, `preCompressed`) and never
 * compresses per request. A sibling that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'heirloom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // closeBundle: after Vite has also copied web/public into outDir.
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const bytes = readFileSync(path);
        const br = brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        const gz = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
        if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}

/** The page a signed-in browser gets (server/http/web.ts), beside index.html. */
export const SIGNED_IN_PAGE = 'index.signed-in.html';
/** The link tags of each lazily loaded page's chunks, by path prefix (server/http/web.ts). */
export const PAGE_CHUNKS = 'page-chunks.json';
/**
 * Pages of their own chunk that a signed-in browser often opens first: path prefix → module. The
 * client loads the same page before its first render (web/src/SignedInApp.tsx preloadPageAt).
 */
const PAGE_MODULES: Record<string, string> = { '/timeline': '/src/features/timeline-page/TimelinePage.tsx' };

/** The signed-in app's module: a chunk of its own, loaded lazily (signedInPage, schemasOffHome, signedInParts). */
const SIGNED_IN_APP = '/src/SignedInApp.tsx';

const isChunk = (file: Rollup.OutputChunk | Rollup.OutputAsset): file is Rollup.OutputChunk => file.type === 'chunk';

/** The chunk of a lazily loaded module (named by the end of its path), if the bundle has one. */
const dynamicEntryChunk = (chunks: Rollup.OutputChunk[], module: string) => chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(module));

/**
 * The chunks, and every chunk they import, by file name: statically, or also lazily
 * (`lazily`), and never past `wall`.
 */
function chunksReached(starts: Rollup.OutputChunk[], byName: Map<string, Rollup.OutputChunk>, { lazily = false, wall }: { lazily?: boolean; wall?: Rollup.OutputChunk } = {}): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || name === wall?.fileName || !byName.has(name)) return;
    seen.add(name);
    const chunk = byName.get(name)!;
    for (const imported of lazily ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) visit(imported);
  };
  for (const start of starts) visit(start.fileName);
  return seen;
}

/**
 * Issue 8 "First load": the signed-in app is a chunk of its own (web/src/SignedInApp.tsx), so
 * the welcome page never downloads it. A signed-in browser should not wait for the answer of
 * /api/auth/user to start fetching it either: this writes a copy of index.html that names the
 * chunk, its imports and its stylesheets as `modulepreload`/`stylesheet` links, and the
 * server sends that copy to a request with a session. Likewise the chunks of a page opened
 * straight from its address (PAGE_MODULES), which the server adds to that copy for the path.
 */
export function signedInPage(): Plugin {
  let outDir = '';
  return {
    name: 'heirloom-signed-in-page',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(isChunk);
      const signedIn = dynamicEntryChunk(chunks, SIGNED_IN_APP);
      const index = join(outDir, 'index.html');
      if (!signedIn || !existsSync(index)) return;
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const html = readFileSync(index, 'utf8');
      const loaded = new Set<string>();
      // The chunk and everything it imports statically, with their stylesheets, less what is loaded already.
      const linksOf = (entry: string) => {
        const files: string[] = [];
        const visit = (name: string) => {
          if (loaded.has(name) || html.includes(`/${name}"`)) return;
          loaded.add(name);
          files.push(name);
          for (const imported of byName.get(name)?.imports ?? []) visit(imported);
        };
        visit(entry);
        const css = [...new Set(files.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]))].filter((name) => !html.includes(`/${name}"`));
        return [
          ...files.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
          ...css.map((name) => `<link rel="stylesheet" crossorigin href="/${name}">`),
        ];
      };
      const links = linksOf(signedIn.fileName).map((link) => `    ${link}`);
      writeFileSync(join(outDir, SIGNED_IN_PAGE), html.replace(/\n\s*<\/head>/, `\n${links.join('\n')}\n  </head>`));
      const pages = Object.entries(PAGE_MODULES).flatMap(([prefix, module]) => {
        const chunk = dynamicEntryChunk(chunks, module);
        return chunk ? [[prefix, linksOf(chunk.fileName)]] : [];
      });
      writeFileSync(join(outDir, PAGE_CHUNKS), JSON.stringify(Object.fromEntries(pages)));
    },
  };
}

/**
 * What home fetches while idle after it is drawn, beside the signed-in app it draws with: the
 * spotlight's memory card (features/home/MemorySpotlight.tsx) and the Refresh tooltip
 * (components/HoverTooltip.tsx, where a pointer hovers). Home's JavaScript budget counts them.
 */
export const HOME_IDLE_MODULES = ['/src/features/memories/card/MemoryCard.tsx', '/src/components/FloatingTooltip.tsx'];

/**
 * Issue 21 "First load": the schema library (zod, about 25 KB gzip) is for the forms that
 * validate, never for what home draws or fetches while idle. The build fails when the
 * welcome page's entry, the signed-in app or one of HOME_IDLE_MODULES reaches it through
 * static imports, naming the chunks on the way (a rule read from a common/ file that builds
 * schemas brought it back once: common/audio.ts, through the memory card's words note).
 */
export function schemasOffHome(): Plugin {
  return {
    name: 'heirloom-schemas-off-home',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(isChunk);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const holdsSchemas = (chunk: Rollup.OutputChunk) => Object.keys(chunk.modules).some((id) => /node_modules[\\/]zod[\\/]/.test(id));
      const starts = chunks.filter(
        (chunk) => (chunk.isEntry && chunk.name === 'main') || (chunk.isDynamicEntry && [SIGNED_IN_APP, ...HOME_IDLE_MODULES].some((module) => chunk.facadeModuleId?.endsWith(module))),
      );
      for (const start of starts) {
        const path = new Map<string, string | null>([[start.fileName, null]]);
        const queue = [start];
        while (queue.length) {
          const chunk = queue.shift()!;
          if (holdsSchemas(chunk)) {
            const way: string[] = [];
            for (let at: string | null = chunk.fileName; at; at = path.get(at) ?? null) way.unshift(at);
            this.error(`zod is among what home loads: ${way.join(' → ')} (vite.config.ts, schemasOffHome)`);
          }
          for (const name of chunk.imports) {
            if (path.has(name) || !byName.has(name)) continue;
            path.set(name, chunk.fileName);
            queue.push(byName.get(name)!);
          }
        }
      }
    },
  };
}

/** Mantine's stylesheet of each component, as the package ships it beside its full styles.css. */
const MANTINE_STYLES = fileURLToPath(new URL('node_modules/@mantine/core/styles', import.meta.url));

/**
 * Issue 21 "First load": web/src/mantine.css imports only the stylesheets of the Mantine
 * components the app uses. A component is used when its class names (`m_…`, in its stylesheet
 * and in its script) are in the bundle's scripts; the build fails when one's stylesheet is not
 * in the bundle's CSS, so a component put to use later cannot go out unstyled.
 */
export function mantineStylesheets(): Plugin {
  return {
    name: 'heirloom-mantine-stylesheets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const scripts = files.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
      const styles = files.map((file) => (file.type === 'asset' && file.fileName.endsWith('.css') ? String(file.source) : '')).join('\n');
      const missing = readdirSync(MANTINE_STYLES)
        .filter((name) => /^[A-Z]\w*\.css$/.test(name))
        .filter((name) => {
          const classes = [...new Set(readFileSync(join(MANTINE_STYLES, name), 'utf8').match(/\bm_[0-9a-f]+\b/g) ?? [])];
          return classes.some((name) => scripts.includes(name)) && !classes.some((name) => styles.includes(name));
        });
      if (missing.length) this.error(`Mantine components used without their stylesheet; import them in web/src/mantine.css: ${missing.join(', ')}`);
    },
  };
}

/** Where every screen reads its words: `messages` of common/messages.ts. */
const MESSAGES = fileURLToPath(new URL('common/messages.ts', import.meta.url));
const MESSAGE_QUERY = '?message=';

/**
 * Issue 21 "First load": the web reads every word as `messages.<name>` from common/messages.ts,
 * one object of over a thousand entries (17 KB gzip, growing with each feature) that the welcome
 * page and home would each download whole to show about a hundred. In the build, a web module's
 * `messages.<name>` becomes an import of that one entry, a module of its own made from the
 * entry's text in messages.ts (`common/messages.ts?message=<name>`), so each chunk carries only
 * the words its own code says, and the source keeps its one way to read them. A use the build
 * cannot follow (`messages[name]`, `messages` handed on whole) fails it rather than shipping
 * every word again. The server and the tests read messages.ts as it is.
 */
export function messagesByName(): Plugin {
  let source = '';
  let entries: Map<string, string> | null = null;
  return {
    name: 'heirloom-messages-by-name',
    apply: 'build',
    buildStart() {
      entries = null;
    },
    async transform(code, id) {
      if (id.includes('node_modules') || id.includes('\0') || !/\.[jt]sx?$/.test(id) || !code.includes('messages')) return null;
      const program = parseAst(code);
      let local: string | null = null;
      // Each [start, end, text]; the text keeps to the line it replaces, so lines stay where they were.
      const edits: [number, number, string][] = [];
      for (const statement of program.body) {
        if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') continue;
        const resolved = await this.resolve(statement.source.value, id);
        if (resolved?.id !== MESSAGES) continue;
        const specifiers = statement.specifiers;
        const index = specifiers.findIndex((specifier) => specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier' && specifier.imported.name === 'messages');
        if (index < 0) continue;
        local = specifiers[index]!.local.name;
        const [start, end] = specifiers.length === 1 ? [statement.start, statement.end] : index === 0 ? [specifiers[0]!.start, specifiers[1]!.start] : [specifiers[index - 1]!.end, specifiers[index]!.end];
        edits.push([start, end, code.slice(start, end).replace(/[^\n]/g, '')]);
      }
      if (local === null) return null;
      const names = new Set<string>();
      const visit = (node: unknown, parent: { type: string; computed?: unknown } | null, key: string): void => {
        if (Array.isArray(node)) return node.forEach((child) => visit(child, parent, key));
        if (!node || typeof node !== 'object' || typeof (node as { type?: unknown }).type !== 'string') return;
        const each = node as { type: string; start: number; end: number; [key: string]: unknown };
        if (each.type === 'MemberExpression' && !each.computed && (each.object as { type: string; name?: string }).type === 'Identifier' && (each.object as { name: string }).name === local) {
          const name = (each.property as { name: string }).name;
          names.add(name);
          edits.push([each.start, each.end, `__message_${name}`]);
          return;
        }
        if (each.type === 'Identifier' && each.name === local) {
          const notAReference = (['MemberExpression', 'Property'].includes(parent?.type ?? '') && ['property', 'key'].includes(key) && !parent?.computed) || parent?.type === 'ImportSpecifier';
          if (!notAReference) this.error(`${id}: \`${local}\` is used other than as ${local}.<name>, so its words cannot be loaded by name (vite.config.ts, messagesByName)`);
        }
        for (const [field, child] of Object.entries(each)) if (field !== 'type') visit(child, each, field);
      };
      visit(program.body, null, 'body');
      let result = code;
      for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) result = result.slice(0, start) + text + result.slice(end);
      const imports = [...names].map((name) => `import __message_${name} from ${JSON.stringify(`${MESSAGES}${MESSAGE_QUERY}${name}`)};`).join(' ');
      // On the first line, so every line keeps its number (map: null, the code did not move between lines).
      return { code: `${imports} ${result}`, map: null };
    },
    load(id) {
      if (!id.startsWith(`${MESSAGES}${MESSAGE_QUERY}`)) return null;
      const name = id.slice(MESSAGES.length + MESSAGE_QUERY.length);
      if (!entries) source = readFileSync(MESSAGES, 'utf8');
      entries ??= messageEntries(source, (reason) => this.error(`common/messages.ts: ${reason} (vite.config.ts, messagesByName)`));
      const value = entries.get(name) ?? (entries.has('') ? `${entries.get('')}[${JSON.stringify(name)}]` : undefined);
      if (value === undefined) this.error(`common/messages.ts has no entry ${name}`);
      // The file as it is, its `messages` object replaced by the one entry: its imports and any
      // helper it declares still stand, and the bundler drops whatever the entry does not use.
      const statement = /^export const messages = \{$[\s\S]*?^\} as const;$/m.exec(source)!;
      return `${source.slice(0, statement.index)}const message = ${value};\nexport default message;\n${source.slice(statement.index + statement[0].length)}`;
    },
  };
}

/**
 * The text of each entry of `messages`, by name, as an expression. An entry a later spread may
 * replace reads through that spread, so each name means what the object gives it; a name no
 * entry gives (one of a spread's, e.g. tell-messages.ts) reads from the spreads, under ''.
 */
function messageEntries(source: string, fail: (reason: string) => never): Map<string, string> {
  const file = ts.createSourceFile(MESSAGES, source, ts.ScriptTarget.Latest, true);
  let object: ts.ObjectLiteralExpression | undefined;
  file.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const declaration of node.declarationList.declarations) {
      if (declaration.name.getText() !== 'messages' || !declaration.initializer) continue;
      const initializer = ts.isAsExpression(declaration.initializer) ? declaration.initializer.expression : declaration.initializer;
      if (ts.isObjectLiteralExpression(initializer)) object = initializer;
    }
  });
  if (!object) fail('no `export const messages = { ... } as const`');
  const properties = object.properties;
  const entries = new Map<string, string>();
  const spreadsFrom = (index: number) =>
    properties
      .slice(index)
      .filter(ts.isSpreadAssignment)
      .map((spread) => `...${spread.expression.getText()}`);
  properties.forEach((property, index) => {
    if (ts.isSpreadAssignment(property)) return;
    if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
      fail(`the entry '${property.getText().slice(0, 40)}' is not written \`name: value\``);
    }
    const name = property.name.text;
    const value = property.initializer.getText();
    const later = spreadsFrom(index + 1);
    entries.set(name, later.length ? `{ ${JSON.stringify(name)}: ${value}, ${later.join(', ')} }[${JSON.stringify(name)}]` : `(${value})`);
  });
  const spreads = spreadsFrom(0);
  if (spreads.length) entries.set('', `{ ${spreads.join(', ')} }`);
  return entries;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Issue 26 "Offline": the service worker (web/src/sw/sw.ts), built to /sw.js with the list of
 * the shell it keeps: both pages and what they load, not the compressed twins (the worker
 * fetches the files, and the server picks the encoding), not the signed-in page's template
 * (the server writes it per person), not what the app opens rarely and which is large. The page
 * registers it itself (lib/offline/register.ts), and the manifest is the server's (the family's name).
 */
export function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['index.html', 'tell.html', 'assets/**/*.{js,css,woff2}', 'favicon.svg', 'icons/icon-192.png'],
      globIgnores: ['**/*.br', '**/*.gz', SIGNED_IN_PAGE, PAGE_CHUNKS],
      // Vite names assets by their content: a new build's file is a new URL, no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
    },
  });
}

/**
 * The pages the build makes: the app's and the storyteller's (issue 23: /tell/{token}), an entry
 * of its own with none of the app's shell, so an old phone opening the link downloads a page, not
 * the app.
 */
const PAGES = { main: fileURLToPath(new URL('web/index.html', import.meta.url)), tell: fileURLToPath(new URL('web/tell.html', import.meta.url)) };
/**
 * The schema library stays a chunk of its own, loaded by the forms that validate (sign-up,
 * capture): left to itself the bundler may fold it into the entry, and the welcome page would
 * download it (issue 8 "First load").
 */
const SCHEMAS_CHUNK = { name: 'schemas', test: /node_modules[\\/]zod[\\/]/ };
/**
 * The chunks of what the signed-in page loads beyond every page entry's own files (signedInPartsOf):
 * what only a session opens, and what pages a signed-out visitor opens later (the sign-in form,
 * the invite landings) share with the signed-in app.
 */
const PART_CHUNKS = { signedInOnly: 'signed-in-parts', shared: 'shared-parts' } as const;
type Parts = Record<keyof typeof PART_CHUNKS, Set<string>>;

/** How a bundle's chunks stand to the signed-in app (signedInPartsModules, signedInParts). */
function standing(chunks: Rollup.OutputChunk[], signedIn: Rollup.OutputChunk) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const app = entries.filter((chunk) => chunk.name === 'main');
  /** What a page's entry draws with: the welcome page's files, the storyteller's. */
  const drawn = chunksReached(entries, byName);
  /**
   * All the storyteller's page may ever load, lazily too (the service worker's registration):
   * a part there would bring it the app's entry, which the parts import, and the app with it.
   */
  const otherPages = chunksReached(entries.filter((chunk) => chunk.name !== 'main'), byName, { lazily: true });
  return {
    byName,
    drawn,
    otherPages,
    /** What a visitor who is not signed in may load: the app's entry and all it imports, statically or lazily (the sign-in form), short of the signed-in app. */
    signedOut: chunksReached(app, byName, { lazily: true, wall: signedIn }),
    /** The chunks the signed-in app imports on top of what the pages draw with, where the storyteller's page never goes. */
    onTop: [...chunksReached([signedIn], byName)].filter((name) => name !== signedIn.fileName && !drawn.has(name) && !otherPages.has(name)),
  };
}

/**
 * The modules of the chunks the signed-in app's chunk imports beyond what a page's entry draws
 * with and all the storyteller's page may load: those a signed-in page fetches on top of the
 * welcome page's files. Split by whether a signed-out visitor may load them later too.
 */
export function signedInPartsModules(chunks: Rollup.OutputChunk[]): Parts {
  const parts: Parts = { signedInOnly: new Set(), shared: new Set() };
  const signedIn = dynamicEntryChunk(chunks, SIGNED_IN_APP);
  if (!signedIn) return parts;
  const { byName, signedOut, onTop } = standing(chunks, signedIn);
  for (const name of onTop) {
    const part = signedOut.has(name) ? parts.shared : parts.signedInOnly;
    for (const id of byName.get(name)!.moduleIds) part.add(id);
  }
  return parts;
}

/**
 * Issue 21 "First load": what the signed-in page loads beyond the welcome page's files is the
 * signed-in app's chunk and two of its parts, not twenty chunks. Left to itself, the bundler gives
 * each set of lazily loaded parts that share modules with the signed-in app a chunk of its own:
 * the app and the dialogs it opens later shared 19 chunks of 0.1 to 5 KB, and a phone on HTTP/1.1
 * fetches six files at a time, a round trip each (Lighthouse: home's first paint 2.6 s; 2.25 s
 * with them gathered). Most are loaded only after the signed-in app, so Rollup would fold them
 * into its chunk; rolldown does not yet (rolldown#10263). So the build splits twice: a first
 * pass, in memory and unminified, finds the modules of those chunks (signedInPartsModules), and
 * the build proper gathers exactly them into PART_CHUNKS, without their dependencies, which the
 * pages' entries load already.
 */
async function signedInPartsOf(): Promise<Parts> {
  const output = await build({
    configFile: false,
    root: fileURLToPath(new URL('web', import.meta.url)),
    logLevel: 'silent',
    // The plugins that shape the modules (messagesByName makes each word one); the others check or write.
    plugins: [react(), messagesByName()],
    build: { write: false, minify: false, rollupOptions: { input: PAGES, output: { codeSplitting: { groups: [SCHEMAS_CHUNK] } } } },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  return signedInPartsModules(outputs.flatMap((each) => each.output.filter(isChunk)));
}

/**
 * Holds the build to what signedInPartsOf promises: the signed-in page loads no chunk on top of
 * the pages' own but the signed-in app's and its parts; no page's entry draws with the parts; the
 * storyteller's page never loads them, even lazily (they import the app's entry: it would become
 * the app); a signed-out visitor never loads the signed-in app's own parts; and neither imports
 * the signed-in app's chunk, which imports them.
 */
export function signedInParts(): Plugin {
  return {
    name: 'heirloom-signed-in-parts',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(isChunk);
      const signedIn = dynamicEntryChunk(chunks, SIGNED_IN_APP);
      if (!signedIn) return;
      const { byName, drawn, otherPages, signedOut, onTop } = standing(chunks, signedIn);
      const partNames: string[] = Object.values(PART_CHUNKS);
      // Should the first pass find nothing or the bundler ignore the groups, the small chunks come back.
      const loose = onTop.filter((name) => !partNames.includes(byName.get(name)!.name));
      if (loose.length) this.error(`the signed-in page loads ${loose.join(', ')} beside the signed-in app's parts (vite.config.ts, signedInParts)`);
      for (const part of chunks.filter((chunk) => partNames.includes(chunk.name))) {
        if (drawn.has(part.fileName)) this.error(`a page's entry draws with ${part.fileName} (vite.config.ts, signedInParts)`);
        if (otherPages.has(part.fileName)) this.error(`the storyteller's page can load ${part.fileName}, and the app's entry with it (vite.config.ts, signedInParts)`);
        if (part.name === PART_CHUNKS.signedInOnly && signedOut.has(part.fileName)) this.error(`a visitor who is not signed in can load ${part.fileName} (vite.config.ts, signedInParts)`);
        if (chunksReached([part], byName).has(signedIn.fileName)) this.error(`${part.fileName} imports the signed-in app's chunk, which imports it (vite.config.ts, signedInParts)`);
      }
    },
  };
}

export default defineConfig(async ({ command }) => {
  const parts: Parts = command === 'build' ? await signedInPartsOf() : { signedInOnly: new Set(), shared: new Set() };
  return {
    root: 'web',
    plugins: [react(), messagesByName(), mantineStylesheets(), schemasOffHome(), signedInParts(), signedInPage(), serviceWorker(), precompress()],
    build: {
      outDir: '../dist/web',
      emptyOutDir: true,
      chunkSizeWarningLimit: 800,
      rollupOptions: {
        input: PAGES,
        output: {
          codeSplitting: {
            groups: [
              SCHEMAS_CHUNK,
              ...(['signedInOnly', 'shared'] as const).map((part) => ({ name: PART_CHUNKS[part], test: (id: string) => parts[part].has(id), includeDependenciesRecursively: false })),
            ],
          },
        },
      },
    },
    server: {
      // `npm run dev` serves the API on 3000; the dev server passes API calls through.
      proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
    },
  };
});
