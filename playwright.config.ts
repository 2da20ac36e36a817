// Browser tests (tests/e2e) in Debian's Chromium against the real SELF content, served by
// `npm start` on its own port, from its own build folder, with a fresh wrangler state.

import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/cli/chromium.ts';

// E2E_PORT lets two checkouts run their browser suites side by side.
const port = Number(process.env.E2E_PORT ?? 8802);
const baseURL = `http://127.0.0.1:${port}`;
const statePath = `/tmp/self-docs-e2e-state-${port}`;

const chromium = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
};

/** The specs that measure layout shifts of a page's load. */
const layoutShiftSpecs = [/first-paint\.spec\.ts$/, /lazy-layout\.spec\.ts$/, /slow-connection\.spec\.ts$/];
/** The project of every other spec, and the one of the layout-shift specs that runs after it, alone. */
export const besideOthersProject = 'chromium';
export const aloneProject = 'first paint';

/** `npm start` on the port, from its own build folder, with a fresh wrangler state. */
export const e2eWebServer = {
  // A fresh state each run: no pages cached by an earlier build, no other server's pointer.
  command: `rm -rf ${statePath} && npm start -- --out /tmp/self-docs-e2e-dist-${port} --persist ${statePath}`,
  env: { PORT: String(port) },
  // The search page answers 503 (building) until the whole build is served, where the early build
  // serves pages already: a tab opened on that one reloads when the whole build comes. (npm test
  // starts the server itself and reads its output for the same moment: scripts/test.ts.)
  url: `${baseURL}/search`,
  // The build, wrangler's start-up beside it, and the pointer.
  timeout: 180_000,
};
/** Set (by scripts/test.ts) when that server is already up for this run: Playwright leaves it be. */
export const e2eServerRunning = 'E2E_SERVER_RUNNING';

export default defineConfig({
  testDir: 'tests/e2e',
  // Not `test-results` itself: Playwright empties its output folder, and other runners write there.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Generous, for a busy machine (a page there can take many seconds to hydrate): a check that
  // passes returns as soon as it holds, so only a failing one waits this long. Never an assertion of speed.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalSetup: './tests/support/e2e-global-setup.ts',
  use: {
    baseURL,
    // A failing test keeps its trace: actions, DOM snapshots before and after each, console, network,
    // but not the screencast (every frame encoded as the page paints), which every passing test paid
    // for too (navigation.spec.ts, every process, at load ~30: full trace 51.0 CPU s, without the
    // screencast 47.2, no trace 44.8; medians of 4, 2 and 4 alternated runs).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    { name: besideOthersProject, use: chromium, testIgnore: layoutShiftSpecs },
    // What a first paint shows is measured one test at a time, after the others, with no other
    // browser competing for the CPU: a starved renderer paints before it has laid text out.
    {
      name: aloneProject,
      use: chromium,
      testMatch: layoutShiftSpecs,
      dependencies: [besideOthersProject],
      workers: 1,
    },
  ],
  webServer: process.env[e2eServerRunning]
    ? undefined
    : {
        ...e2eWebServer,
        reuseExistingServer: !process.env.CI,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
