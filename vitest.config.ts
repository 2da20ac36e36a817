import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';

// The analytics tables, applied by tests/worker/support/analytics.ts with applyD1Migrations.
const migrations = await readD1Migrations('./worker/migrations');

/**
 * The files that take minutes (deploys, servers, builds, compile threads), longest first. Vitest
 * starts the larger files first when it has no earlier run's times (a fresh clone, CI): the deploy
 * history's file then started late and ran alone at the end, for most of the project's time, and a
 * long file started among the last small ones does the same. Started first, longest first, the
 * small files fill the other workers around them and the project ends about when its longest
 * file does.
 */
const slowFiles = [
  /tests\/unit\/scripts\/deploy\.local\.test\.ts$/,
  /index-writer\.remove-page\.test\.ts$/,
  /compile\/threads\.test\.ts$/,
  /local-index\.split-index\.test\.ts$/,
  /tests\/unit\/scripts\/dev\.test\.ts$/,
  /tests\/unit\/scripts\/dev-early\.test\.ts$/,
  /tests\/unit\/sites\/dev-broken-pages\.test\.ts$/,
];

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const ranks = new Map(sorted.map((file) => [file, slowFiles.findIndex((pattern) => pattern.test(file.moduleId))]));
    const rank = (file: TestSpecification) => ranks.get(file)!;
    const slow = sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...slow, ...sorted.filter((file) => rank(file) < 0)];
  }
}

/**
 * Packages as they ship: vitest starts its workers with Vite's server conditions, `development`
 * among them, and a package's development build (micromark's checks every step it parses) is not
 * what a build runs. Vite merges a plugin's conditions into the defaults, so they are set once
 * resolved: the test files' (`ssr`), or another environment's, as the one global setups run in.
 */
function shippedPackages(environment?: string): Plugin {
  return {
    name: 'shipped-packages',
    configResolved(config) {
      const { conditions } = (environment ? config.environments[environment]?.resolve : config.ssr.resolve) ?? {};
      if (conditions) conditions.splice(0, conditions.length, ...conditions.filter((c) => !/development/.test(c)));
    },
  };
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFilesFirst },
    // Many test files mostly wait on processes (workerd, wrangler, builds, local servers): at least two
    // run at a time, where vitest's default (one fewer than the cores) runs one on a two-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // The worker imports its WebAssembly as a compiled module, as wrangler bundles it.
        resolve: {
          alias: [
            {
              find: /^\.\/postings\.wasm$/,
              replacement: fileURLToPath(new URL('./tests/unit/support/postings-wasm-module.ts', import.meta.url)),
            },
          ],
        },
        plugins: [shippedPackages()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['tests/support/cpu-per-file.ts', 'tests/unit/support/remove-temp-dirs.ts'],
          // Generous, for a busy machine (a fresh clone beside other work ran 5-10x slower): a passing
          // test or hook returns as soon as it is done, so only one that hangs waits this long.
          // Hooks build fixture sites and remove large outputs. Never an assertion of speed.
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // The files share one module graph per worker: importing the compiler once per worker
          // instead of once per file saves most of the project's time (no test relies on a fresh
          // module state; the ones that change process-wide state restore it).
          isolate: false,
        },
      },
      {
        plugins: [
          // The global setup builds the fixtures in Node (Vite's `__vitest__` environment); the tests
          // run in workerd under the Cloudflare plugin's conditions, left as they are.
          shippedPackages('__vitest__'),
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              cf: false,
              bindings: {
                HTML_CACHE_TTL: '300',
                TEST_MIGRATIONS: migrations,
                // The search answers' queryIDs are signed with it (worker/services/analytics/query-id.ts).
                QUERY_ID_SECRET: randomBytes(32).toString('hex'),
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          // One workerd and one module graph per vitest worker, not one per file: starting the runtime
          // and importing the worker for each of ~40 files was about 40% of the project's CPU. Each
          // test deploys under a build id of its own and forgets what the isolate remembered
          // (tests/worker/support/deploy.ts), so no file depends on a fresh runtime.
          isolate: false,
          globalSetup: ['tests/support/worker-global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
