import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseFrontmatter } from '../../../../../scripts/compiler/sources/discover.ts';
import { simpleFrontmatter } from '../../../../../scripts/compiler/sources/simple-frontmatter.ts';

// The shortcut must read exactly what the YAML parser reads, or leave the frontmatter to it.
const read = [
  'title: "Client SDK"\nsidebar_position: 6290\ndescription: "How to: set it up, with # and \'quotes\'"',
  'sidebar_position: 0',
  'title: "Ünïcode — dash"',
  'title: ""',
  'keywords: ["a", "b, c", "d: e"]',
  'keywords: []',
];
const leftToYaml = [
  'title: Plain text',
  "title: 'single'",
  'title: "escaped \\" quote"',
  'title: "tab\\there"',
  'sidebar_position: 007',
  'sidebar_position: 1.5',
  'sidebar_position: -3',
  'hide_title: true',
  'keywords: ["a","b"]',
  'keywords: [ "a" ]',
  'keywords: ["a", b]',
  'keywords: ["a", "b\\"c"]',
  'keywords:\n  - "a"',
  'title: "A" # comment',
  'title: "A"\ntitle: "B"',
  'null: "x"',
  'title:  "two spaces"',
  'title: "A"\r',
  'title: "A"\n',
  '',
];

describe('simple frontmatter', () => {
  it.each(read)('reads %j as the YAML parser does', (text) => {
    expect(simpleFrontmatter(text)).toEqual(parse(text));
  });

  it.each(leftToYaml)('leaves %j to the YAML parser', (text) => {
    expect(simpleFrontmatter(text)).toBeUndefined();
  });

  it('still reports a repeated key with its file and line', () => {
    expect(() => parseFrontmatter('---\ntitle: "A"\ntitle: "B"\n---\n', 'docs/a.md')).toThrow(
      expect.objectContaining({ file: 'docs/a.md', line: 3 }),
    );
  });
});
