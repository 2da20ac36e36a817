// Byte budgets of the browser bundle: deterministic for a given source, so they are tests.
// (Speed is measured by `npm run bench`, never by tests.)

import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, type ClientBundle } from '../../scripts/build/client-bundle.ts';

const kb = 1024;
let bundle: ClientBundle;

const gzipOf = (path: string) => {
  const bytes = bundle.files.get(path.replace(/^\//, ''));
  if (!bytes) throw new Error(`${path} is not in the bundle`);
  return gzipSync(bytes, { level: 6 }).length;
};

beforeAll(async () => {
  bundle = await bundleClient();
}, 60_000);

describe('byte budgets', () => {
  it('keeps the JavaScript a doc page loads before interaction within 80 KB gzip, React included', () => {
    const firstLoad = [bundle.assets.script, ...bundle.assets.modulePreloads];
    const total = firstLoad.reduce((sum, path) => sum + gzipOf(path), 0);
    expect(total).toBeLessThanOrEqual(80 * kb);
  });

  it('keeps the search modal and its stylesheet out of the first load', () => {
    const firstLoad = [bundle.assets.script, ...bundle.assets.modulePreloads, ...bundle.assets.styles];
    expect(firstLoad.some((path) => /SearchModal|search-modal/.test(path))).toBe(false);
    expect([...bundle.files.keys()].some((path) => /SearchModal-.*\.js$/.test(path))).toBe(true);
    expect(bundle.assets.searchStyle).toMatch(/search-modal-.*\.css$/);
  });

  it('keeps the Copy page code out of the first load: it is fetched on the first click', () => {
    const firstLoad = [bundle.assets.script, ...bundle.assets.modulePreloads];
    expect(firstLoad.some((path) => /copy-page/.test(path))).toBe(false);
    expect([...bundle.files.keys()].some((path) => /copy-page-.*\.js$/.test(path))).toBe(true);
  });

  it('keeps the stylesheets of a page within 20 KB gzip', () => {
    const total = bundle.assets.styles.reduce((sum, path) => sum + gzipOf(path), 0);
    expect(total).toBeLessThanOrEqual(20 * kb);
  });

  it('preloads one font file, the Latin face the first paint needs', () => {
    expect(bundle.assets.fonts).toHaveLength(1);
    expect(bundle.assets.fonts[0]).toMatch(/plus-jakarta-sans-latin-wght-normal-.*\.woff2$/);
  });
});
