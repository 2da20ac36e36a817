// The Docusaurus dialect adapted before MDX sees it, and the code fence meta string.

import { describe, expect, it } from 'vitest';
import { parseCodeMeta, preprocessMarkdown } from '../../../../../../scripts/compiler/compile/markdown/mdx-plugins.ts';

describe('preprocessMarkdown', () => {
  it('turns the Docusaurus title form `:::tip My title` into the directive label form', () => {
    expect(preprocessMarkdown(':::tip My title')).toBe(':::tip[My title]');
    expect(preprocessMarkdown('::::warning   Be careful  ')).toBe('::::warning[Be careful]');
  });

  it('leaves the label form and plain admonitions as they are', () => {
    expect(preprocessMarkdown(':::warning[Careful]')).toBe(':::warning[Careful]');
    expect(preprocessMarkdown(':::note')).toBe(':::note');
    expect(preprocessMarkdown(':::note{#id}')).toBe(':::note{#id}');
  });

  it('does not touch a directive that is not an admonition', () => {
    expect(preprocessMarkdown(':::custom Some text')).toBe(':::custom Some text');
  });

  it('escapes a heading `{#custom-id}` so MDX does not read it as an expression', () => {
    expect(preprocessMarkdown('## Install {#install-step}')).toBe('## Install \\{#install-step\\}');
  });

  it('leaves a page without admonition titles, heading ids or comments exactly as it is', () => {
    const page =
      '# Title\r\n\nText: with a colon, `code`, {braces}, a * star and a ```` fence.\n\n```js\nconst a = 1;\n```\n';
    expect(preprocessMarkdown(page)).toBe(page);
    expect(preprocessMarkdown('Text\n:::tip Title\n:::\n## Step {#step}')).toBe(
      'Text\n:::tip[Title]\n:::\n## Step \\{#step\\}',
    );
  });

  it('leaves braces in prose alone', () => {
    expect(preprocessMarkdown('Use {#not-a-heading} here')).toBe('Use {#not-a-heading} here');
  });

  it('keeps the number of lines, so error lines stay right', () => {
    const source = ':::tip Title\ntext\n:::\n\n## A {#a}\n';
    expect(preprocessMarkdown(source).split('\n')).toHaveLength(source.split('\n').length);
  });
});

describe('parseCodeMeta', () => {
  it('reads a double- or single-quoted title', () => {
    expect(parseCodeMeta('title="install.sh"')).toEqual({ title: 'install.sh' });
    expect(parseCodeMeta("title='my file.ts'")).toEqual({ title: 'my file.ts' });
  });

  it('reads flags and unquoted values next to the title', () => {
    expect(parseCodeMeta('title="a b.ts" showLineNumbers {1,3}')).toMatchObject({
      title: 'a b.ts',
      showLineNumbers: true,
    });
    expect(parseCodeMeta('showLineNumbers=5')).toEqual({ showLineNumbers: '5' });
  });

  it('gives nothing for an empty meta string', () => {
    expect(parseCodeMeta('')).toEqual({});
  });
});
