// The engine's stylesheet in groups, by what uses them: the chrome every page has, the doc
// layout, and the parts of a page that only some pages contain (code, diagrams, tabs...). The
// build bundles each group on its own, and records in each page which groups its tree needs, so
// the worker inlines only those: a page's HTML carries the CSS it uses, not the whole engine's.
// The groups are listed in cascade order: a page's groups, inlined or linked, keep that order.

import type { PageData, PageLayout, TreeNode } from '../../../client/contract/page.ts';
import type { StyleScope } from '../../../client/contract/assets.ts';
import { visitElements } from '../compile/tree-elements.ts';

/** What a page's element tree contains: tag names, component names and classes. */
interface TreeFacts {
  tags: Set<string>;
  components: Set<string>;
  classes: Set<string>;
}

export interface StyleGroupSource {
  name: string;
  /** Stylesheets under client/styles (or packages), in order. */
  files: string[];
  scope: StyleScope;
  /** For a `page` group other than the doc layout: whether a page's tree needs it. */
  uses?: (facts: TreeFacts) => boolean;
  /** For a `page` group: the page layouts that get it, whatever their tree (PageData.layout). */
  layouts?: PageLayout[];
}

const has = (set: Set<string>, ...names: string[]) => names.some((name) => set.has(name));

export const styleGroupSources: StyleGroupSource[] = [
  // The sidebar too: a missing page's 404 offers it.
  {
    name: 'chrome',
    files: ['fonts.css', 'theme.css', 'icons.css', 'base.css', 'navbar.css', 'sidebar.css'],
    scope: 'every',
  },
  { name: 'web-font', files: ['web-font.css'], scope: 'web-font' },
  // The doc page's layout and its Markdown: every doc page, and no search or error page.
  { name: 'doc', files: ['doc.css', 'content.css'], scope: 'page' },
  {
    name: 'admonitions',
    files: ['admonitions.css'],
    scope: 'page',
    uses: ({ components, classes }) => components.has('Admonition') || classes.has('admonition'),
  },
  {
    name: 'details',
    files: ['details.css'],
    scope: 'page',
    uses: ({ tags, components, classes }) => tags.has('details') || components.has('Details') || classes.has('details'),
  },
  {
    name: 'tabs',
    files: ['tabs.css'],
    scope: 'page',
    uses: ({ components, classes }) => components.has('Tabs') || classes.has('tabs'),
  },
  { name: 'cards', files: ['cards.css'], scope: 'page', uses: ({ classes }) => classes.has('card-list') },
  // The blog's pages: their build gives each the class `blog-page`.
  { name: 'blog', files: ['blog.css'], scope: 'page', uses: ({ classes }) => classes.has('blog-page') },
  {
    name: 'code',
    files: ['code.css', 'code-tokens.css'],
    scope: 'page',
    uses: ({ tags, components, classes }) =>
      tags.has('pre') || components.has('CodeBlock') || has(classes, 'code-block', 'shiki'),
  },
  {
    name: 'diagrams',
    files: ['diagrams.css'],
    scope: 'page',
    uses: ({ classes }) => [...classes].some((name) => name === 'diagram' || name.startsWith('dg-')),
  },
  {
    name: 'mermaid',
    files: ['mermaid.css'],
    scope: 'page',
    uses: ({ classes }) => classes.has('mermaid-diagram'),
  },
  // KaTeX's markup, as a site's rehype-katex renders formulas: its stylesheet names its own fonts.
  { name: 'math', files: ['math.css'], scope: 'page', uses: ({ classes }) => classes.has('katex') },
  { name: 'footer', files: ['footer.css'], scope: 'every' },
  {
    name: 'landing',
    files: ['landing.css'],
    scope: 'page',
    uses: ({ classes }) => has(classes, 'landing-page', 'hero-section', 'landing-cards', 'landing-card'),
  },
  // Custom pages of src/pages only, by their layout (a React page's classes are in its island's HTML).
  { name: 'custom-page', files: ['custom-page.css'], scope: 'page', layouts: ['page', 'component'] },
  { name: 'search', files: ['search.css'], scope: 'search' },
  // The progress bar and spinner appear only during a client-side navigation, which loads them.
  { name: 'progress', files: ['progress.css'], scope: 'navigation' },
  // Shown by the worker's 404, 500 and 503 pages only; the drawer only once the menu is tapped.
  { name: 'status', files: ['status.css'], scope: 'status' },
  { name: 'drawer', files: ['drawer.css'], scope: 'drawer' },
];

/** The groups a doc page needs besides the chrome every page gets, in cascade order. */
export function styleGroupsOfPage(page: Pick<PageData, 'tree' | 'className' | 'islands' | 'layout'>): string[] {
  const facts = factsOfTree(page.tree);
  for (const name of page.className?.split(/\s+/) ?? []) if (name) facts.classes.add(name);
  // A site component may render any registered component: its page gets them all.
  const anything = (page.islands?.length ?? 0) > 0;
  return styleGroupSources
    .filter(
      (group) =>
        group.scope === 'page' &&
        (group.layouts ? group.layouts.includes(page.layout ?? 'docs') : !group.uses || anything || group.uses(facts)),
    )
    .map((group) => group.name);
}

function factsOfTree(tree: TreeNode[]): TreeFacts {
  const facts: TreeFacts = { tags: new Set(), components: new Set(), classes: new Set() };
  visitElements(tree, (element) => {
    (/^[A-Z]/.test(element.t) ? facts.components : facts.tags).add(element.t);
    const className = element.p?.className;
    if (typeof className === 'string') for (const name of className.split(/\s+/)) if (name) facts.classes.add(name);
  });
  return facts;
}
