// The pure pieces of the Docusaurus dialect: HTML comments to MDX, line ranges, magic comments,
// and npm commands in Yarn and pnpm.

import { describe, expect, it } from 'vitest';
import { magicCommentLines, metaLineRanges } from '../../../../../../scripts/compiler/compile/code/fences.ts';
import { htmlCommentsToMdx } from '../../../../../../scripts/compiler/compile/markdown/dialect.ts';
import { preprocessMarkdown } from '../../../../../../scripts/compiler/compile/markdown/mdx-plugins.ts';
import { convertNpmScript } from '../../../../../../scripts/compiler/compile/markdown/npm2yarn.ts';

describe('htmlCommentsToMdx', () => {
  it('turns comments into MDX comments, keeping the line count', () => {
    const source = 'a <!-- b --> c\n<!--\nmany\n-->\nd';
    expect(htmlCommentsToMdx(source)).toBe('a {/* b */} c\n{/*\nmany\n*/}\nd');
  });

  it('keeps a `*/` inside a comment from ending it early', () => {
    expect(htmlCommentsToMdx('<!-- see /* here */ -->')).toBe('{/* see /* here * / */}');
  });

  it('leaves fenced code, tilde fences and inline code alone', () => {
    const source = '```html\n<!-- x -->\n```\n~~~\n<!-- y -->\n~~~\n`<!-- z -->`';
    expect(htmlCommentsToMdx(source)).toBe(source);
  });

  it('is switched off by mdx1Compat.comments: false, as in Docusaurus', () => {
    const dialect = { format: 'mdx' as const, mdx1Compat: { comments: false, admonitions: true, headingIds: true } };
    expect(preprocessMarkdown('<!-- x -->', dialect)).toBe('<!-- x -->');
  });
});

describe('line highlights', () => {
  it('reads `{1,3-5}` from the meta string', () => {
    expect([...metaLineRanges('title="a.js" {1,3-5}')!]).toEqual([1, 3, 4, 5]);
    expect(metaLineRanges('title="a.js"')).toBeUndefined();
  });

  it('reads next-line and start/end magic comments in the comment styles of several languages', () => {
    const code = ['# highlight-next-line', 'a', 'b', '<!-- highlight-start -->', 'c', 'd', '<!-- highlight-end -->'];
    expect(magicCommentLines(code.join('\n'))).toEqual({ code: 'a\nb\nc\nd', lines: new Set([1, 3, 4]) });
    expect(magicCommentLines('no comments')).toBeUndefined();
  });
});

describe('npm2yarn conversion', () => {
  const cases: [string, string, string][] = [
    ['npm install', 'yarn install', 'pnpm install'],
    ['npm i react', 'yarn add react', 'pnpm add react'],
    ['npm i -D typescript', 'yarn add --dev typescript', 'pnpm add --save-dev typescript'],
    ['npm install --save-exact x', 'yarn add --exact x', 'pnpm add --save-exact x'],
    ['npm install -g serve', 'yarn global add serve', 'pnpm add --global serve'],
    ['npm uninstall x', 'yarn remove x', 'pnpm remove x'],
    ['npm ci', 'yarn install --frozen-lockfile', 'pnpm install --frozen-lockfile'],
    ['npm run start', 'yarn start', 'pnpm run start'],
    ['npm run build -- --watch', 'yarn build --watch', 'pnpm run build --watch'],
    ['npm test', 'yarn test', 'pnpm test'],
    ['npx docusaurus swizzle', 'yarn dlx docusaurus swizzle', 'pnpm dlx docusaurus swizzle'],
    ['npm init docusaurus', 'yarn create docusaurus', 'pnpm create docusaurus'],
    ['cd website && npm install', 'cd website && yarn install', 'cd website && pnpm install'],
    ['echo done', 'echo done', 'echo done'],
  ];
  for (const [npm, yarn, pnpm] of cases) {
    it(`converts \`${npm}\``, () => {
      expect(convertNpmScript(npm, 'yarn')).toBe(yarn);
      expect(convertNpmScript(npm, 'pnpm')).toBe(pnpm);
    });
  }
});
