// A swizzled `src/theme/Root` wraps every page of a Docusaurus site. The engine draws the page
// itself, so the Root is not rendered around pages; but a Root often only adds head tags with
// `<Head>` (a web font's stylesheet, a preconnect), which every page then has. The build renders
// the Root once, as it renders a React page (compile/batch.ts), and serves the tags it gave on
// every page, as the config's `headTags` are, the origins they load from allowed by the pages'
// CSP. What else the Root adds (providers, markup) is still not served, and the warning says so.

import { join, sep } from 'node:path';
import { siteHead, type SiteHead } from '../config/head-tags.ts';
import { unrenderedSwizzledComponents } from '../config/swizzled-components.ts';
import { compileBatch } from '../compile/batch.ts';
import type { LinkContext } from '../compile/link-context.ts';
import { BuildError, newDiagnostics } from '../errors.ts';
import { sourceDoc } from './discover-pages.ts';

export interface SiteRootHead {
  /** The Root's head tags, with the origins they load from. */
  head: SiteHead;
  /** The Root's file, relative to the site folder. */
  file: string;
  /** What replaces the warning that the Root is not used. */
  warnings: BuildError[];
}

/**
 * The head tags the site's swizzled Root gives, or nothing when it has no Root, gives none, or
 * does not render at build time (then the warning that it is not used stands).
 */
export async function siteRootHead(context: LinkContext): Promise<SiteRootHead | undefined> {
  const root = unrenderedSwizzledComponents(context.siteDir).find((component) => component.name === 'Root');
  if (!root) return undefined;
  const module = join(context.siteDir, root.file);
  const raw = `import Root from ${JSON.stringify(`./${module.split(sep).at(-1)}`)};\n\n<Root />\n`;
  const doc = sourceDoc(`${module}.root.mdx`, root.file, '/', raw, 0, '', '');
  // Its own diagnostics: a Root that fails here is a Root not used, not a broken build.
  const outcome = await compileBatch([{ index: 0, doc }], {
    ...context,
    docsDir: join(module, '..'),
    compileCache: undefined,
    diagnostics: newDiagnostics(),
  });
  const tags = outcome.pages[0]?.head?.tags ?? [];
  if (tags.length === 0) return undefined;
  const { head, warnings } = siteHead({ headTags: tags }, root.file);
  return {
    head,
    file: root.file,
    warnings: [
      ...warnings,
      new BuildError(
        root.file,
        undefined,
        'swizzled theme component Root: its <Head> tags are served on every page; what else it adds around the page (providers, markup) is not',
        'move what else it adds into the content or the site config, or keep the Root to <Head> alone to silence this',
      ),
    ],
  };
}

/** The head with the Root's tags after the config's, and the origins of both. */
export function withRootHead(head: SiteHead, root: SiteRootHead | undefined): SiteHead {
  if (!root) return head;
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    tags: [...head.tags, ...root.head.tags],
    sources: {
      script: union(head.sources.script, root.head.sources.script),
      style: union(head.sources.style, root.head.sources.style),
      font: union(head.sources.font, root.head.sources.font),
    },
  };
}

/** The build's warnings with the "Root is not used" one replaced by what the Root's head tags change. */
export function withRootWarnings(warnings: BuildError[], root: SiteRootHead | undefined): BuildError[] {
  if (!root) return warnings;
  const notUsed = (warning: BuildError) =>
    warning.file === root.file && warning.problem.startsWith('swizzled theme component Root is not used');
  return [...warnings.filter((warning) => !notUsed(warning)), ...root.warnings];
}
