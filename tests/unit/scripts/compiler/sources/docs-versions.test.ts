// Which docs versions a site serves, where, and with which banner (scripts/compiler/sources/docs-versions.ts), as
// Docusaurus 3 decides from versions.json and the docs plugin's options.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VersioningOptions } from '../../../../../scripts/compiler/config/resolve-config.ts';
import { readVersions } from '../../../../../scripts/compiler/sources/docs-versions.ts';

const siteDir = join(import.meta.dirname, '../../../../fixtures/docusaurus-versions');

function versions(options: VersioningOptions, site = siteDir) {
  return readVersions({
    siteDir: site,
    docsDir: join(site, 'docs'),
    routeBasePath: '/docs',
    currentLabel: 'Next',
    options,
    configFile: 'docusaurus.config.js',
  }).map(({ name, label, path, banner, isLast }) => ({ name, label, path, banner, isLast }));
}

describe('docs versions', () => {
  it('serves versions.json’s first at the docs root, the docs folder at /next, older ones under their names', () => {
    expect(versions({})).toEqual([
      { name: 'current', label: 'Next', path: '/docs/next', banner: 'unreleased', isLast: false },
      { name: '2.0', label: '2.0', path: '/docs', banner: 'none', isLast: true },
      { name: '1.0', label: '1.0', path: '/docs/1.0', banner: 'unmaintained', isLast: false },
    ]);
  });

  it('has one version, the docs folder at the docs root, without versions.json', () => {
    const plain = join(import.meta.dirname, '../../../../fixtures/docusaurus-site');
    expect(versions({}, plain)).toEqual([
      { name: 'current', label: 'Next', path: '/docs', banner: 'none', isLast: true },
    ]);
  });

  it('follows lastVersion, onlyIncludeVersions and each version’s label, path and banner', () => {
    expect(
      versions({
        lastVersion: 'current',
        onlyIncludeVersions: ['current', '1.0'],
        versions: { current: { label: 'Edge' }, '1.0': { path: 'legacy', banner: 'none', label: 'One' } },
      }),
    ).toEqual([
      { name: 'current', label: 'Edge', path: '/docs', banner: 'none', isLast: true },
      { name: '1.0', label: 'One', path: '/docs/legacy', banner: 'none', isLast: false },
    ]);
  });

  it('stops on options that name a version the site lacks, or leave out the last version', () => {
    expect(() => versions({ lastVersion: '3.0' })).toThrow(/lastVersion names version "3.0".*"current", "2.0", "1.0"/s);
    expect(() => versions({ onlyIncludeVersions: ['current', '1.0'] })).toThrow(
      /onlyIncludeVersions leaves out the last version "2.0"/,
    );
  });
});
