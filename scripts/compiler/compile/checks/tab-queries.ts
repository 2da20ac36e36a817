// <Tabs queryString> names a URL parameter: the string it is given, or with `true` the group id.
// Docusaurus refuses `queryString` without a name to use; so does the build, rather than letting
// the choice silently stay out of the address.

import type { TreeNode } from '../../../../client/contract/page.ts';
import { BuildError } from '../../errors.ts';
import type { SourceDoc } from '../../sources/discover.ts';

/** One error per <Tabs queryString> with no parameter name, at the line it was written. */
export function unnamedTabQueries(tree: TreeNode[], doc: SourceDoc): BuildError[] {
  let count = 0;
  const visit = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      if (node.t === 'Tabs' && node.p?.queryString === true && !node.p.groupId) count++;
      if (node.c) visit(node.c);
    }
  };
  visit(tree);
  if (count === 0) return [];
  const lines = doc.raw.split('\n');
  const written = lines
    .map((text, index) => (/<Tabs\b[^>]*\bqueryString\b/.test(text) && !/\bgroupId\s*=/.test(text) ? index + 1 : 0))
    .filter((line) => line > 0);
  return Array.from(
    { length: count },
    (_, index) =>
      new BuildError(
        doc.relPath,
        written[index],
        '<Tabs queryString> has no parameter name: `queryString` alone takes it from groupId, and this Tabs has none',
        'add groupId="…" (its choice is then also shared with other Tabs of that group), or give the name itself: queryString="…"',
      ),
  );
}
