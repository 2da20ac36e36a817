// The style groups' CSS is a value of its own: the manifest every cold request reads (a search's
// too) stays small whatever the site's CSS, and pages still inline the groups they use.

import { beforeEach, describe, expect, it } from 'vitest';
import type { StyleSheet } from '../../../client/contract/assets.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import { bindings, countingKv, deployFixture, type DeployedBuild } from '../support/deploy.ts';
import { attributesOf, textsOf } from '../support/html.ts';
import { getSettled } from '../support/requests.ts';
import { postSearch, searchRequest } from '../support/search.ts';

let build: DeployedBuild;
beforeEach(async () => {
  // Built with its browser code, so with style groups (the other fixtures are built without).
  build = await deployFixture({ fixture: 'docusaurus-islands' });
});

describe("the style groups' CSS", () => {
  it('keeps the manifest a cold request reads under 16 KB, with the CSS (most of the bytes) apart', async () => {
    const manifest = (await bindings.CONTENT.get(kvKeys.manifest(build.buildId)))!;
    expect(manifest.length).toBeLessThan(16 * 1024);
    const sheet = (await bindings.CONTENT.get(kvKeys.styles(build.manifest.assets.styleSheet!)))!;
    expect(sheet.length).toBeGreaterThan(16 * 1024);
    for (const group of build.manifest.assets.styleGroups!) expect(group).not.toHaveProperty('css');
  });

  it('is not read by a search, and is read once by the pages that inline it', async () => {
    const reads = new Map<string, number>();
    const env = { ...bindings, CONTENT: countingKv(reads) };
    // The fixture's index pieces are static files, which the test runtime does not serve: the
    // search reads the manifest to find them, and whether it then answers does not matter here.
    await postSearch(searchRequest('counter'), { env });
    expect(reads.get(kvKeys.manifest(build.buildId))).toBe(1);
    const styleKey = kvKeys.styles(build.manifest.assets.styleSheet!);
    expect(reads.get(styleKey)).toBeUndefined();

    const sheet = JSON.parse((await bindings.CONTENT.get(styleKey))!) as StyleSheet;
    for (const route of ['/docs/counter', '/docs/intro']) {
      const { response, body } = await getSettled(route, {}, env);
      expect(response.status).toBe(200);
      const names = await attributesOf(body, 'style[data-style]', 'data-style');
      expect(names).toContain('doc');
      expect(await textsOf(body, 'style[data-style]')).toEqual(names.map((name) => sheet[name!]));
    }
    expect(reads.get(styleKey)).toBe(1);
  });
});
