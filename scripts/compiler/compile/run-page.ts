// A page built by its code (batch.ts bundles it): the code runs as the page at its route, with the
// doc it is (`useDoc()`) and what `<Head>` collects, then the site components it holds are
// rendered. What fails names the page, its line and what to do.

import { createRequire } from 'node:module';
import type { TreeNode } from '../../../client/contract/page.ts';
import { componentNames } from '../../../client/contract/page.ts';
import type { DocTocItem } from '../../../client/contract/doc-context.ts';
import { collectPageHead } from '../../../client/site-modules/page-head.ts';
import { BuildError } from '../errors.ts';
import type { SourceDoc } from '../sources/discover.ts';
import { asBuildPage } from './build-page-globals.ts';
import { withCurrentPage } from './current-page.ts';
import { docContext } from './doc-context.ts';
import { renderIslands } from './islands/render.ts';
import { pageRequire } from './islands/site-jsx-runtime.ts';
import { flatten } from './jsx-runtime.ts';
import { lazily, type LinkContext } from './link-context.ts';
import { supportedImports } from './page-imports.ts';

/**
 * Runs the page's code and renders its islands; `<Head>` is collected from here on, for
 * page-head.ts to take once the page is done (or has failed).
 */
export function runPage(code: string, doc: SourceDoc, context: LinkContext, given: Record<string, string>): TreeNode[] {
  const page = { route: doc.route, categoryCards: context.docCards?.[doc.route] };
  const { docPlaces } = context;
  // Made only if the page or a component of it reads the doc (useDoc(), the sidebar hooks).
  const docOf = (toc: DocTocItem[] = [], tree?: TreeNode[]) =>
    docPlaces && lazily(() => docContext(doc, docPlaces(), toc, tree));
  collectPageHead();
  return asBuildPage(doc.route, context.docsData, docOf(), (setDoc) =>
    withCurrentPage(page, () => {
      let toc: DocTocItem[] = [];
      const tree = evaluate(code, doc, given, (exported) => {
        toc = exported;
        const withToc = docOf(toc);
        if (withToc) setDoc(withToc);
      });
      // Site components see the doc with its title too, read from the page's tree.
      const complete = docOf(toc, tree);
      if (complete) setDoc(complete);
      return renderIslands(tree, doc, complete);
    }),
  );
}

const components = Object.fromEntries(componentNames.map((name) => [name, name]));

/**
 * What a page is given as its `components` prop: ours, but for those the site has its own of
 * (the provider gives those, and this prop would win over it).
 */
export function givenComponents(themed: string[] | undefined): Record<string, string> {
  if (!themed) return components;
  return Object.fromEntries(Object.entries(components).filter(([name]) => !themed.includes(name)));
}
/** What a page's `require` finds: React, left out of its bundle, is the build's own (islands/plugin.ts). */
const requireInPage = pageRequire(createRequire(import.meta.url));

/** Runs the page's code; `onToc` is given its `toc` export before its content is built. */
function evaluate(
  code: string,
  doc: SourceDoc,
  given: Record<string, string>,
  onToc: (toc: DocTocItem[]) => void,
): TreeNode[] {
  try {
    const page = new Function('require', `'use strict';\n${code}\nreturn page;`)(requireInPage) as {
      default: (props: { components: Record<string, string> }) => unknown;
      toc?: DocTocItem[];
    };
    if (Array.isArray(page.toc)) onToc(page.toc);
    return flatten(page.default({ components: given }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lineOf = (name: string) => doc.raw.split('\n').findIndex((l) => l.includes(`<${name}`)) + 1 || undefined;
    const missing = /Expected component `(\w+)`/.exec(message);
    if (missing) {
      throw new BuildError(
        doc.relPath,
        lineOf(missing[1]!),
        `unknown component <${missing[1]}>`,
        importFix(missing[1]!) ?? `use one of the registered components (${componentNames.join(', ')}) or plain HTML`,
      );
    }
    // A build-time component that rejects its props names itself first: `<TOCInline> needs …`.
    const component = /^<(\w+)>/.exec(message)?.[1];
    throw new BuildError(
      doc.relPath,
      component ? lineOf(component) : undefined,
      `the page failed to render: ${message}`,
      'fix the JSX expression named in the message',
    );
  }
}

/** `<Link>` used without its import: say which import brings it. */
function importFix(name: string): string | undefined {
  const path = supportedImports.find((candidate) => candidate.endsWith(`/${name}`));
  return path ? `add \`import ${name} from '${path}';\` at the top of the page` : undefined;
}
