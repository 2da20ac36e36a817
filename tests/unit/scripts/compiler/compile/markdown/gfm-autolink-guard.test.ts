// The build skips GFM's literal-autolink attempts while parsing, and its pass after, on pages with
// no text they could link: a page must come out as remark-gfm alone makes it, positions and all.

import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import {
  mayHoldLiteralAutolink,
  remarkGfmAutolinkGuard,
} from '../../../../../../scripts/compiler/compile/markdown/gfm-autolink-guard.ts';

const parsed = (markdown: string, guarded: boolean) => {
  const processor = unified().use(remarkParse).use(remarkGfm);
  if (guarded) processor.use(remarkGfmAutolinkGuard);
  return processor.runSync(processor.parse(markdown));
};

const pages = {
  plain: '# Title\n\nText with no link, a `code@span` and a [link](https://example.test).\n',
  url: 'See https://example.test/a?b=c for more.\n',
  upperCaseUrl: 'See HTTP://EXAMPLE.TEST and WWW.EXAMPLE.TEST.\n',
  www: 'Go to www.example.test, then back.\n',
  email: 'Mail someone@example.test or mailto:other@example.test or xmpp:me@example.test/home.\n',
  characterReferences: 'Written with references: someone&#64;example.test and www&period;example.test.\n',
  emphasis: 'Split by emphasis: *www.example.test* and **https://example.test**.\n',
  tableCell: '| a | b |\n| - | - |\n| www.example.test | x@example.test |\n',
  mixedCase: 'Visit wWw.example.test or hTTpS://example.test today.\n',
  mention: 'Ask @someone, or write to team@example.test.\n',
  wordsOnly: 'Where the words wwwhat and httpd appear, but no link.\n',
};

/** Names of the GFM autolink constructs micromark was given for the last page parsed. */
const autolinkAttempts = (processor: { data(key: 'micromarkExtensions'): unknown }) => {
  const [gfm] = processor.data('micromarkExtensions') as { text: Record<string, { name?: string }[]> }[];
  const names = Object.values(gfm!.text).flatMap((constructs) => constructs.map((construct) => construct.name));
  return [...new Set(names.filter((name) => name?.endsWith('Autolink')))].sort();
};

describe('remarkGfmAutolinkGuard', () => {
  it.each(Object.entries(pages))('leaves the %s page as remark-gfm alone parses it', (_, markdown) => {
    expect(parsed(markdown, true)).toEqual(parsed(markdown, false));
  });

  it('skips the pass only where there is nothing it could link', () => {
    const hints = Object.fromEntries(
      Object.entries(pages).map(([name, markdown]) => [name, mayHoldLiteralAutolink(parsed(markdown, true))]),
    );
    expect(hints).toEqual({
      plain: false,
      url: true,
      upperCaseUrl: true,
      www: true,
      email: true,
      characterReferences: true,
      emphasis: true,
      tableCell: true,
      mixedCase: true,
      mention: true,
      wordsOnly: false,
    });
  });

  it('tries while parsing only the autolinks whose text is in the source', () => {
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkGfmAutolinkGuard);
    const attempts = Object.fromEntries(
      Object.entries(pages).map(([name, markdown]) => {
        processor.parse(markdown);
        return [name, autolinkAttempts(processor)];
      }),
    );
    expect(attempts).toEqual({
      plain: ['emailAutolink', 'protocolAutolink'],
      url: ['protocolAutolink'],
      upperCaseUrl: ['protocolAutolink', 'wwwAutolink'],
      www: ['wwwAutolink'],
      email: ['emailAutolink'],
      characterReferences: ['wwwAutolink'],
      emphasis: ['protocolAutolink', 'wwwAutolink'],
      tableCell: ['emailAutolink', 'wwwAutolink'],
      mixedCase: ['protocolAutolink', 'wwwAutolink'],
      mention: ['emailAutolink'],
      wordsOnly: ['protocolAutolink', 'wwwAutolink'],
    });
  });

  it('says where it belongs when remark-gfm does not come before it', () => {
    const processor = unified().use(remarkParse).use(remarkGfmAutolinkGuard);
    expect(() => processor.freeze()).toThrow(/right after remark-gfm/);
  });
});
