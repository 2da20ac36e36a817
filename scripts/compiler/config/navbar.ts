// Navbar items as a Docusaurus config writes them. A plain link is known from the config alone;
// a `doc` item (docId) or a `docSidebar` item (sidebarId) links to a page the build knows only
// once it has found the docs and resolved the sidebars, so those wait for `resolveNavbar`.

import type { NavbarItem } from '../../../client/contract/site-config.ts';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import type { SourceDoc } from '../sources/discover.ts';
import { BuildError, throwIfErrors } from '../errors.ts';

type Position = NavbarItem['position'];

export type NavbarEntry =
  | { type: 'link'; item: NavbarItem }
  | { type: 'doc'; docId: string; label?: string; position: Position; line?: number; pluginId?: string }
  | { type: 'docSidebar'; sidebarId: string; label?: string; position: Position; line?: number; pluginId?: string }
  | { type: 'dropdown'; label: string; position: Position; items: NavbarEntry[] };

export interface DocusaurusNavbarItem {
  type?: string;
  label?: string;
  to?: string;
  href?: string;
  position?: Position;
  docId?: string;
  sidebarId?: string;
  docsPluginId?: string;
  items?: DocusaurusNavbarItem[];
  /** A `type: 'html'` item's HTML. */
  value?: string;
}

const hasScheme = /^[a-z][a-z\d+.-]*:/i;

/**
 * The entries for Docusaurus's navbar items, a dropdown's links among them. Left out: widgets of
 * another docs plugin instance (its docs and sidebars are linked), `docsVersionDropdown` (our navbar
 * always has its own version dropdown), and widgets without a label and a target (search, locale
 * dropdown). An `html` item keeps its HTML, trusted as the config is.
 */
export function navbarEntries(
  items: DocusaurusNavbarItem[],
  asset: (src?: string) => string | undefined,
  lineOf: (key: string, value: string) => number | undefined,
): NavbarEntry[] {
  return items.flatMap((item): NavbarEntry[] => {
    const position = item.position ?? 'left';
    const instance = item.docsPluginId && item.docsPluginId !== 'default' ? item.docsPluginId : undefined;
    const pluginId = instance ? { pluginId: instance } : {};
    if (instance && item.type !== 'doc' && item.type !== 'docSidebar') return [];
    if (item.type === 'dropdown' && item.label && Array.isArray(item.items)) {
      // Its links as top-level items are, their position aside; one that has none is left out.
      const inner = navbarEntries(item.items, asset, lineOf);
      return inner.length > 0 ? [{ type: 'dropdown', label: item.label, position, items: inner }] : [];
    }
    if (item.type === 'doc' && item.docId) {
      const line = lineOf('docId', item.docId);
      return [{ type: 'doc', docId: item.docId, label: item.label, position, line, ...pluginId }];
    }
    if (item.type === 'docSidebar' && item.sidebarId) {
      const line = lineOf('sidebarId', item.sidebarId);
      return [{ type: 'docSidebar', sidebarId: item.sidebarId, label: item.label, position, line, ...pluginId }];
    }
    if (item.type === 'html' && typeof item.value === 'string') {
      return [{ type: 'link', item: { label: '', href: '', position, external: false, html: item.value } }];
    }
    const href = asset(item.to) ?? item.href;
    if (!item.label || !href || item.type === 'docsVersionDropdown' || instance) return [];
    return [
      {
        type: 'link',
        item: { label: item.label, href, position, external: hasScheme.test(item.href ?? '') },
      },
    ];
  });
}

/** A docs version as the navbar needs it: its docs, and its sidebars under their (prefixed) ids. */
export interface NavbarVersion {
  name: string;
  isLast: boolean;
  sidebarPrefix: string;
  docs: SourceDoc[];
  sidebars: Record<string, SidebarItem[]>;
}

/**
 * Navbar links for every entry: a doc item links to its doc, a sidebar item to its sidebar's first
 * page, in the last version, and (`byVersion`) to the same doc or sidebar in each other version that
 * has it, as Docusaurus follows the version being read. An item naming what the last version does
 * not have fails the build, as in Docusaurus; all at once.
 */
export function resolveNavbar(
  entries: NavbarEntry[],
  versions: NavbarVersion[],
  configFile: string,
  /** The docs plugin instances beside the preset's docs, by id: items with their `docsPluginId` link there. */
  instances: Map<string, NavbarVersion> = new Map(),
): NavbarItem[] {
  const last = versions.find((version) => version.isLast)!;
  const targetIn = (entry: Extract<NavbarEntry, { type: 'doc' | 'docSidebar' }>, version: NavbarVersion) => {
    if (entry.type === 'doc') {
      const doc = version.docs.find((candidate) => candidate.id === entry.docId);
      return doc && { label: doc.id, href: doc.route };
    }
    const sidebar = version.sidebars[`${version.sidebarPrefix}${entry.sidebarId}`];
    return sidebar && firstPage(sidebar);
  };
  const errors: BuildError[] = [];
  const items = entries.flatMap((entry): NavbarItem[] => {
    if (entry.type === 'link') return [entry.item];
    if (entry.type === 'dropdown') {
      const links = resolveNavbar(entry.items, versions, configFile, instances).map(
        ({ position: _, items: __, ...link }) => link,
      );
      const first = links[0];
      return first ? [{ ...first, label: entry.label, position: entry.position, items: links }] : [];
    }
    const instance = entry.pluginId === undefined ? undefined : instances.get(entry.pluginId);
    // An instance the build does not serve (one under the preset's id) was warned about already.
    if (entry.pluginId !== undefined && !instance) return [];
    const target = targetIn(entry, instance ?? last);
    if (!target) {
      errors.push(missingTarget(entry, instance ?? last, configFile));
      return [];
    }
    const byVersion: Record<string, string> = {};
    // An instance has one version: its items follow no version dropdown.
    for (const version of instance ? [] : versions) {
      const there = version.isLast ? undefined : targetIn(entry, version);
      if (there && there.href !== target.href) byVersion[version.name] = there.href;
    }
    // Docusaurus labels a doc item with the doc's id when the item has no label.
    const item: NavbarItem = {
      label: entry.label ?? target.label,
      href: target.href,
      position: entry.position,
      external: false,
    };
    return [Object.keys(byVersion).length > 0 ? { ...item, byVersion } : item];
  });
  throwIfErrors({ errors, warnings: [] });
  return items;
}

function missingTarget(
  entry: Extract<NavbarEntry, { type: 'doc' | 'docSidebar' }>,
  last: NavbarVersion,
  configFile: string,
): BuildError {
  if (entry.type === 'doc') {
    return new BuildError(
      configFile,
      entry.line,
      `the navbar item of type "doc" names docId "${entry.docId}", and no doc has that id`,
      `use the id of an existing doc (its path under the docs folder without extension, e.g. "${last.docs[0]?.id ?? 'intro'}")`,
    );
  }
  return new BuildError(
    configFile,
    entry.line,
    last.sidebars[`${last.sidebarPrefix}${entry.sidebarId}`]
      ? `the navbar item of type "docSidebar" names sidebar "${entry.sidebarId}", which has no page to link to`
      : `the navbar item of type "docSidebar" names sidebarId "${entry.sidebarId}", and there is no such sidebar`,
    `use one of the sidebars: ${
      Object.keys(last.sidebars)
        .map((id) => id.slice(last.sidebarPrefix.length))
        .join(', ') || '(none)'
    }`,
  );
}

/** The first item of a sidebar that has a page of its own (a doc, or a category with a page). */
export function firstPage(items: SidebarItem[]): { label: string; href: string } | undefined {
  for (const item of items) {
    if (item.type !== 'link' && item.href) return { label: item.label, href: item.href };
    const inner = item.type === 'category' ? firstPage(item.items) : undefined;
    if (inner) return inner;
  }
  return undefined;
}
