// `@docusaurus/useIsBrowser`: pages are evaluated once, at build time, never in the browser.

export default function useIsBrowser(): boolean {
  return false;
}
