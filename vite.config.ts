import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

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
/** Pages of their own chunk that a signed-in browser often opens first: path prefix → module. */
const PAGE_MODULES: Record<string, string> = { '/timeline': '/src/features/timeline-page/TimelinePage.tsx' };

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
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const dynamicEntry = (module: string) => chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(module));
      const signedIn = dynamicEntry('/src/SignedInApp.tsx');
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
        const chunk = dynamicEntry(module);
        return chunk ? [[prefix, linksOf(chunk.fileName)]] : [];
      });
      writeFileSync(join(outDir, PAGE_CHUNKS), JSON.stringify(Object.fromEntries(pages)));
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

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export default defineConfig({
  root: 'web',
  plugins: [react(), mantineStylesheets(), signedInPage(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // Issue 23: the storyteller's page (/tell/{token}) is an entry of its own, with none of the
      // app's shell, so an old phone opening the link downloads a page, not the app.
      input: { main: fileURLToPath(new URL('web/index.html', import.meta.url)), tell: fileURLToPath(new URL('web/tell.html', import.meta.url)) },
      output: {
        // The schema library stays a chunk of its own, loaded by the forms that validate
        // (sign-up, capture): left to itself the bundler may fold it into the entry, and the
        // welcome page would download it (issue 8 "First load").
        codeSplitting: { groups: [{ name: 'schemas', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  server: {
    // `npm run dev` serves the API on 3000; the dev server passes API calls through.
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
