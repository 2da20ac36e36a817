// Docusaurus's `markdown` options that change how a page is read: `format` ('mdx', 'md' or
// 'detect' by extension) and the MDX 1 compatibility switches, all on by default as in Docusaurus 3.

import type { MarkdownDialect } from '../../../../client/contract/site-config.ts';

export const defaultMarkdownDialect: MarkdownDialect = {
  format: 'mdx',
  mdx1Compat: { comments: true, admonitions: true, headingIds: true },
};

/** Whether a file is read as CommonMark rather than MDX. */
export function isCommonMark(file: string, dialect: MarkdownDialect): boolean {
  return dialect.format === 'md' || (dialect.format === 'detect' && /\.md$/i.test(file));
}

const fence = /^\s{0,3}(`{3,}|~{3,})/;
const commentMarkers = /<!--|-->|\*\//;

/**
 * `<!-- … -->` becomes the MDX comment `{/* … *\/}` outside code, as Docusaurus's
 * `mdx1Compat.comments` does; lines stay where they are so error lines stay right.
 */
export function htmlCommentsToMdx(source: string): string {
  // Only these markers are ever replaced: a page without any is left as it is.
  if (!commentMarkers.test(source)) return source;
  let openFence: string | undefined;
  let inComment = false;
  return source
    .split('\n')
    .map((line) => {
      if (!inComment) {
        const marker = fence.exec(line)?.[1];
        if (openFence) {
          if (marker && marker[0] === openFence[0] && marker.length >= openFence.length) openFence = undefined;
          return line;
        }
        if (marker) {
          openFence = marker;
          return line;
        }
      }
      // Backtick code spans keep their text; the comment markers are replaced between them.
      return line
        .split(/(`+[^`]*`+)/)
        .map((part, index) => {
          if (index % 2 === 1) return part;
          return part.replace(/<!--|-->|\*\//g, (marker) => {
            // `*/` would end the JS comment early.
            if (marker === '*/') return inComment ? '* /' : marker;
            if (marker === '<!--' && !inComment) {
              inComment = true;
              return '{/*';
            }
            if (marker === '-->' && inComment) {
              inComment = false;
              return '*/}';
            }
            return marker;
          });
        })
        .join('');
    })
    .join('\n');
}
