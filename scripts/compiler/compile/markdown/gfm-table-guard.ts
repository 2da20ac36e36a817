// Remark plugin, after remark-gfm: micromark tries a GFM table at the start of every line of flow
// content, reading the whole line as a header row, cell by cell, before the next line shows that
// it is no delimiter row. A delimiter row has a `|` or `:` beside a `-` (spaces between aside), so
// the attempt is left to the lines that could start or continue a table: the line before such a
// row, the row, and the lines after it up to a blank line (where a table ends). Anywhere else the
// attempt can only fail, and a failed attempt leaves no trace: the tree is the same.

import type { Construct, Extension as SyntaxExtension } from 'micromark-util-types';
import type { Processor } from 'unified';

/** Text a delimiter row must hold: `|-`, `-|`, `:-` or `-:`, with spaces or tabs between at most. */
const delimiterHint = /[|:][ \t]*-|-[ \t]*[|:]/;
const blank = /^[ \t]*$/;

/** Lines (numbered from 1, as micromark numbers them) where a table may start or go on. */
export function tableLines(document: string): Uint8Array {
  const lines = document.split(/\r\n|\r|\n/);
  const open = new Uint8Array(lines.length + 1);
  let markedTo = 0;
  lines.forEach((text, index) => {
    if (!delimiterHint.test(text)) return;
    // From the header row (the line before) through the body rows, which a blank line ends.
    let line = Math.max(index - 1, markedTo);
    for (; line < lines.length && (line <= index || !blank.test(lines[line]!)); line++) open[line + 1] = 1;
    markedTo = line;
  });
  return open;
}

export function remarkGfmTableGuard(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: SyntaxExtension[] };
  const flow = data.micromarkExtensions?.map((extension) => extension.flow).find(holdsTable);
  const parse = this.parser;
  if (!flow || !parse) throw new Error('remarkGfmTableGuard found no GFM table syntax: it goes after remark-gfm');
  let open: Uint8Array = new Uint8Array(0);
  const constructs = [flow.null].flat();
  flow.null = constructs.map((construct) =>
    construct?.name === 'table' ? guarded(construct, (line) => open[line] === 1) : construct,
  ) as Construct[];
  // Parsing is synchronous: the lines worked out for a page serve its parse alone.
  this.parser = (document, file) => {
    open = tableLines(document);
    return parse(document, file);
  };
}

function holdsTable(flow: SyntaxExtension['flow']): flow is NonNullable<SyntaxExtension['flow']> {
  return [flow?.null].flat().some((construct) => construct?.name === 'table');
}

/** The table construct, tried only on the lines `mayStart` allows. */
function guarded(table: Construct, mayStart: (line: number) => boolean): Construct {
  return {
    ...table,
    tokenize(effects, ok, nok) {
      return mayStart(this.now().line) ? table.tokenize.call(this, effects, ok, nok) : nok;
    },
  };
}
