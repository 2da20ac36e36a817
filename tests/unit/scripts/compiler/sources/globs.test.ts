// The globs of `include` and `exclude`, as Docusaurus's defaults and sites write them.

import { describe, expect, it } from 'vitest';
import { globMatcher } from '../../../../../scripts/compiler/sources/globs.ts';

describe('globMatcher', () => {
  it('matches Docusaurus’s default include at any depth, by either extension', () => {
    const included = globMatcher(['**/*.{md,mdx}']);
    expect(['post.md', '2024-01-01-a/index.mdx', 'a/b/c.md'].map(included)).toEqual([true, true, true]);
    expect(['post.mdx.bak', 'notes.txt', 'authors.yml'].map(included)).toEqual([false, false, false]);
  });

  it('matches the default exclude: partials, underscore folders, tests', () => {
    const excluded = globMatcher([
      '**/_*.{js,jsx,ts,tsx,md,mdx}',
      '**/_*/**',
      '**/*.test.{js,jsx,ts,tsx}',
      '**/__tests__/**',
    ]);
    expect(['_partial.md', 'a/_partial.mdx', '_drafts/x.md', 'a/_drafts/b/x.md', 'x.test.ts'].map(excluded)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['post.md', 'a_b.md', 'folder/post_1.mdx'].map(excluded)).toEqual([false, false, false]);
  });

  it('keeps `*` and `?` within one name and takes other characters literally', () => {
    const matches = globMatcher(['2024-*.md', 'v?.md', 'release(1).md']);
    expect(['2024-05-01-a.md', 'v1.md', 'release(1).md'].map(matches)).toEqual([true, true, true]);
    expect(['old/2024-05-01-a.md', 'v10.md', 'release1.md'].map(matches)).toEqual([false, false, false]);
  });
});
