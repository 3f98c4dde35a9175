import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  plugins: [react()],
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
