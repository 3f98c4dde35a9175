import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ORIGIN = `http://127.0.0.1:${PORT}`;
/**
 * A second server with a transcription service: the test transcription server on loopback
 * (e2e/transcribing-server.ts), which hears every recording as TRANSCRIBED_WORDS. The first
 * server has none, as a self-hosted install by default.
 */
const TRANSCRIBING_PORT = Number(process.env.E2E_TRANSCRIBING_PORT ?? PORT + 1000);
export const TRANSCRIBING_ORIGIN = `http://127.0.0.1:${TRANSCRIBING_PORT}`;
export const TRANSCRIBED_WORDS = 'He sang sea shanties.';
/** Where the first server's "Send Feedback" leads (FEEDBACK_URL), so a spec can follow it. */
export const FEEDBACK_URL = 'https://feedback.example.org/heirloom';

// Debian's Chromium, never a downloaded browser (STACK-NOTES.md). The fake-media flags give
// MediaRecorder a microphone for the voice features.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export default defineConfig({
  testDir: 'e2e',
  // One folder per port, so engineers running specs side by side keep their own artefacts.
  outputDir: `test-results/${PORT}`,
  // A stray test.only would quietly skip the rest of the suite on CI: refuse the run instead.
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers: 1,
  // One retry on CI only: a red run there throws a whole submission away, while the list
  // reporter still marks a test that needed it as "flaky" for someone to chase.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: E2E_ORIGIN,
    // Issue 26: page.route never sees what a service worker answers, so specs run without one;
    // e2e/offline-shell.spec.ts opts in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    // A trace only for a test's retry on CI (retries: 1 there): recorded for every test, it cost
    // Chromium's processes some 40 % of the suite's time (e2e/home.spec.ts: 2.6 min with, 1.6
    // without, on a busy 2-core machine), and the suite must finish inside CI's limit. Locally,
    // `npx playwright test --trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    // A fresh database for every run, on the built web app.
    heirloomServer(PORT, 'node --import tsx server/main.ts', { FEEDBACK_URL }),
    heirloomServer(TRANSCRIBING_PORT, 'node --import tsx e2e/transcribing-server.ts', { E2E_TRANSCRIBED_WORDS: TRANSCRIBED_WORDS }),
  ],
});

function heirloomServer(port: number, start: string, env: Record<string, string>) {
  const origin = `http://127.0.0.1:${port}`;
  return {
    command: `rm -rf e2e/.output/data-${port} && mkdir -p e2e/.output && ${start}`,
    url: `${origin}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: `e2e/.output/data-${port}`,
      LOG_LEVEL: 'warn',
      SIGNUP_LIMIT_PER_HOUR: '1000',
      ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
      ...env,
    },
  };
}
