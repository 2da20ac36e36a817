// Links to a #fragment, checked once every page is built (as Docusaurus's `onBrokenAnchors`):
// a page's anchors are the ids in its tree (headings, and any element given an id), which are
// only known after the page compiles, while its links were resolved to routes before.

import type { TreeNode } from '../../../../client/contract/page.ts';
import { BuildError } from '../../errors.ts';
import { visitElements } from '../tree-elements.ts';

interface FragmentLink {
  source: string;
  /** The link as the page has it after resolution: `/route#id` or `#id`. */
  href: string;
  route: string;
  id: string;
}

/** A page's ids and its links to fragments: plain data, so it crosses threads. */
export interface PageAnchors {
  ids: string[];
  links: FragmentLink[];
}

/** The ids in a built page's tree and the links it makes to fragments. */
export function anchorsOf(page: { route: string; source: string; tree: TreeNode[] }): PageAnchors {
  const ids = new Set<string>();
  const links: FragmentLink[] = [];
  // A page that links to one fragment many times is told about it once.
  const hrefs = new Set<string>();
  visitElements(page.tree, (element) => {
    const { id, name, href } = element.p ?? {};
    if (typeof id === 'string') ids.add(id);
    if (element.t === 'a' && typeof name === 'string') ids.add(name);
    if (element.t !== 'a' || typeof href !== 'string') return;
    const hash = href.indexOf('#');
    if (hash < 0 || !(hash === 0 || href.startsWith('/')) || hash === href.length - 1 || hrefs.has(href)) return;
    hrefs.add(href);
    const route = hash === 0 ? page.route : href.slice(0, hash);
    links.push({ source: page.source, href, route, id: decodeURIComponent(href.slice(hash + 1)) });
  });
  return { ids: [...ids], links };
}

export class AnchorIndex {
  private readonly anchors = new Map<string, Set<string>>();
  private links: FragmentLink[] = [];

  /** Records a built page's ids and the links it makes to fragments. */
  add(page: { route: string; source: string; tree: TreeNode[] }): void {
    this.addFound(page.route, anchorsOf(page));
  }

  /** Records what `anchorsOf` found in a page (in a compile thread). */
  addFound(route: string, found: PageAnchors): void {
    this.links.push(...found.links);
    this.anchors.set(route, new Set(found.ids));
  }

  /** Forgets a page's ids and links (it is about to be added again, rebuilt). */
  remove(page: { route: string; source: string }): void {
    this.anchors.delete(page.route);
    this.links = this.links.filter((link) => link.source !== page.source);
  }

  /** One problem per link to a fragment its page lacks; links to routes that are not pages are left alone. */
  brokenAnchors(): BuildError[] {
    return this.links.flatMap((link) => {
      const ids = this.anchors.get(link.route);
      // `#top` needs no element: browsers scroll to the top of the page for it (HTML spec).
      if (!ids || ids.has(link.id) || link.id.toLowerCase() === 'top') return [];
      const where = link.href.startsWith('#') ? 'this page' : `the page ${link.route}`;
      return [
        new BuildError(
          link.source,
          undefined,
          `broken anchor: ${link.href} (${where} has no heading or element with the id "${link.id}")`,
          "link to an id the page has (a heading's id is its text in lower case with dashes, or the {#id} it sets), or drop the #fragment",
        ),
      ];
    });
  }
}
