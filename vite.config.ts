import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

/**
 * Issue 8 "First load": the signed-in app is a chunk of its own (web/src/SignedInApp.tsx), so
 * the welcome page never downloads it. A signed-in browser should not wait for the answer of
 * /api/auth/user to start fetching it either: this writes a copy of index.html that names the
 * chunk, its imports and its stylesheets as `modulepreload`/`stylesheet` links, and the
 * server sends that copy to a request with a session.
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
      const signedIn = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith('/src/SignedInApp.tsx'));
      const index = join(outDir, 'index.html');
      if (!signedIn || !existsSync(index)) return;
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const html = readFileSync(index, 'utf8');
      // The chunk and everything it imports statically, less what index.html already loads.
      const files = new Set<string>();
      const visit = (name: string) => {
        if (files.has(name) || html.includes(`/${name}"`)) return;
        files.add(name);
        for (const imported of byName.get(name)?.imports ?? []) visit(imported);
      };
      visit(signedIn.fileName);
      const css = [...files].flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]).filter((name) => !html.includes(`/${name}"`));
      const links = [
        ...[...files].map((name) => `    <link rel="modulepreload" crossorigin href="/${name}">`),
        ...[...new Set(css)].map((name) => `    <link rel="stylesheet" crossorigin href="/${name}">`),
      ];
      writeFileSync(join(outDir, SIGNED_IN_PAGE), html.replace(/\n\s*<\/head>/, `\n${links.join('\n')}\n  </head>`));
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
  plugins: [react(), signedInPage(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    // `npm run dev` serves the API on 3000; the dev server passes API calls through.
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
