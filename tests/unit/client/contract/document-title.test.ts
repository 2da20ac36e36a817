// A page's <title> is `<page> <delimiter> <site>`; a Docusaurus config's titleDelimiter picks the
// delimiter, as Docusaurus does, and a site without one keeps `|`.

import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../../client/contract/document-title.ts';
import { buildSite, page, writeSite } from '../../support/sites.ts';

async function titleOfGuide(files: Record<string, string>): Promise<string> {
  const site = await buildSite(await writeSite({ ...files, 'docs/guide.md': page('Guide', 'Text.') }));
  const guide = site.pages.find((built) => built.route.endsWith('/guide'))!;
  return documentTitle(guide, site.manifest.site);
}

describe('document titles', () => {
  it("joins page and site with the Docusaurus config's titleDelimiter", async () => {
    const config =
      "module.exports = { title: 'Ledger Docs', url: 'https://l.test', baseUrl: '/', titleDelimiter: '·' };";
    expect(await titleOfGuide({ 'docusaurus.config.js': config })).toBe('Guide · Ledger Docs');
  });

  it('keeps | where the config sets none', async () => {
    const config = "module.exports = { title: 'Ledger Docs', url: 'https://l.test', baseUrl: '/' };";
    expect(await titleOfGuide({ 'docusaurus.config.js': config })).toBe('Guide | Ledger Docs');
  });
});
