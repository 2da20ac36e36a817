// `@docusaurus/useBrokenLinks`: Docusaurus collects the links its server render meets to check them.
// The build here checks every page's links and anchors itself, so what a component reports is not
// needed, and the calls do nothing.

export interface BrokenLinks {
  collectLink: (link: string | undefined) => void;
  collectAnchor: (anchor: string | undefined) => void;
}

const brokenLinks: BrokenLinks = { collectLink: () => undefined, collectAnchor: () => undefined };

export default function useBrokenLinks(): BrokenLinks {
  return brokenLinks;
}
