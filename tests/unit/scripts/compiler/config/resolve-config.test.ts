// Step "config": defaults a newcomer can run with, site.config.ts on top, and clear errors.

import { describe, expect, it } from 'vitest';
import { defaultSiteConfig, loadSiteConfig } from '../../../../../scripts/compiler/config/resolve-config.ts';
import { BuildError } from '../../../../../scripts/compiler/errors.ts';
import { writeSite } from '../../../support/sites.ts';
import { expectBuildFailure } from '../../../support/build-failure.ts';

describe('site configuration', () => {
  it('uses the defaults when the folder has no configuration', async () => {
    const siteDir = await writeSite({ 'docs/a.md': 'Text.\n' });
    expect((await loadSiteConfig(siteDir)).site).toEqual(defaultSiteConfig);
  });

  it('defaults to a dark theme that ignores the system preference, and to failing on broken links', () => {
    expect(defaultSiteConfig.colorMode).toEqual({
      defaultMode: 'dark',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    });
    expect(defaultSiteConfig.onBrokenLinks).toBe('throw');
  });

  it('merges site.config.ts over the defaults, keeping what it does not set', async () => {
    const siteDir = await writeSite({
      'site.config.ts': "export default { title: 'Mine', navbar: { title: 'Nav' } };\n",
    });
    const site = (await loadSiteConfig(siteDir)).site;
    expect(site.title).toBe('Mine');
    expect(site.navbar.title).toBe('Nav');
    expect(site.navbar.logo).toEqual(defaultSiteConfig.navbar.logo);
    expect(site.docs.versionLabel).toBe('Next');
  });

  it('lets site.config.ts override what docusaurus.config comes with', async () => {
    const siteDir = await writeSite({
      'docusaurus.config.mjs': "export default { title: 'From Docusaurus', tagline: 'Kept' };\n",
      'site.config.ts': "export default { title: 'From site.config' };\n",
    });
    expect((await loadSiteConfig(siteDir)).site).toMatchObject({ title: 'From site.config', tagline: 'Kept' });
  });

  it('reads the fixture site configuration with its announcement bar', async () => {
    const site = (await loadSiteConfig('tests/fixtures/site')).site;
    expect(site.title).toBe('Fixture Docs');
    expect(site.announcementBar?.id).toBe('fixture-bar-1');
  });

  it('rejects an unknown broken-link policy, saying which values are allowed', async () => {
    const siteDir = await writeSite({ 'site.config.ts': "export default { onBrokenLinks: 'explode' };\n" });
    const { thrown } = await expectBuildFailure(loadSiteConfig(siteDir));
    expect(thrown).toBeInstanceOf(BuildError);
    expect(thrown.message).toBe(
      'site.config.ts:1: onBrokenLinks: found "explode" (string), expected one of "throw", "warn", "ignore"\n' +
        '  fix: set onBrokenLinks to "throw", "warn" or "ignore"',
    );
  });

  it('rejects a default colour mode other than light or dark', async () => {
    const siteDir = await writeSite({ 'site.config.ts': "export default { colorMode: { defaultMode: 'blue' } };\n" });
    expect((await expectBuildFailure(loadSiteConfig(siteDir))).thrown.message).toContain(
      'site.config.ts:1: colorMode.defaultMode: found "blue" (string), expected one of "light", "dark"',
    );
  });

  it('names the configuration file when it cannot be evaluated', async () => {
    const siteDir = await writeSite({ 'docusaurus.config.mjs': "throw new Error('boom');\n" });
    const failure = await expectBuildFailure(loadSiteConfig(siteDir));
    expect(failure.thrown).toBeInstanceOf(BuildError);
    const error = failure.onlyError();
    expect(error.file).toBe('docusaurus.config.mjs');
    expect(error.problem).toMatch(/could not evaluate the configuration: boom/);
  });
});
