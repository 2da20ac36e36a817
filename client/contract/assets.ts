// The browser's files a build made: the entry module, its chunks, and the page stylesheet in groups.

export interface ClientAssets {
  /** The entry module, absolute URL path. */
  script: string;
  /** Chunks the entry imports statically: preloaded so they load in parallel. */
  modulePreloads: string[];
  /**
   * The page stylesheet in groups, in cascade order: each page inlines in its <head> the groups
   * it uses, so no request stands before the first paint, and the browser links the others
   * (hashed, immutable files) when a client-side navigation needs them. Font URLs are absolute.
   * No font is preloaded: the web font is `font-display: optional`, so the first paint never
   * waits for it (client/styles/fonts.css).
   */
  styleGroups?: StyleGroupRef[];
  /**
   * The groups' CSS, by group name: KV `styles:<hash>` (client/contract/storage.ts), read by the
   * renders that inline it, not by every request that reads the manifest (a search needs none of it).
   */
  styleSheet?: string;
  // Older format (assets without style groups): goes once every kept build records `formats` (contract/storage.ts).
  /**
   * The whole page stylesheet, inlined in every page: builds made before style groups. A build
   * made before the inline stylesheet has neither: its browser code still renders the whole page
   * from the boot data, so the worker sends such a build the whole page, and a rollback to it works.
   */
  inlineStyle?: string;
  /**
   * Stylesheets linked after the inline one, so their rules win: the site's own customCss (a
   * build from before the inline stylesheet lists its own stylesheet here).
   */
  styles: string[];
  /** The search modal's stylesheet, loaded with its lazy chunk. */
  searchStyle?: string;
  /**
   * The chunk that draws ```mermaid diagrams (client/diagrams/mermaid-diagrams.ts), run only by
   * pages that have one (their `mermaid` style group); absent when the site has no diagrams.
   */
  diagramScript?: string;
}

/**
 * Which documents a style group is for: `every` one; a doc `page` that lists it (PageData.styles);
 * the `search` page; the `status` pages (404, 500, 503); a document in the `web-font`
 * (<html class="web-font">); or none at first, the browser linking it at its first client-side
 * `navigation` or when the `drawer` first opens.
 */
export type StyleScope = 'every' | 'page' | 'search' | 'web-font' | 'navigation' | 'status' | 'drawer';

/** A style group as the manifest names it; its CSS is in the build's style sheet (`ClientAssets.styleSheet`). */
export interface StyleGroupRef {
  name: string;
  scope: StyleScope;
  /** The same CSS as a file, `/assets/<name>-<hash>.css`, for the browser to link. */
  href: string;
  // Older format (manifest 1: the groups' CSS in the manifest): goes once no kept build has manifest format 1.
  /** The group's CSS, in a manifest of format 1 (a build's own in-memory manifest has it too). */
  css?: string;
}

/** A style group with its CSS, as a document inlines it. */
export interface StyleGroup extends StyleGroupRef {
  css: string;
}

/** A build's style sheet value (`kvKeys.styles`): each group's CSS, by group name. */
export type StyleSheet = Record<string, string>;
