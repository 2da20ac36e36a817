// `@docusaurus/isInternalUrl`: a URL with no `scheme://` nor `//` in front is the site's own, as
// Docusaurus decides it (so `mailto:` links count as internal there too).

export function hasProtocol(url: string): boolean {
  return /^(?:[a-z]+:)?\/\//i.test(url);
}

export default function isInternalUrl(url?: string): boolean {
  return typeof url !== 'undefined' && !hasProtocol(url);
}
