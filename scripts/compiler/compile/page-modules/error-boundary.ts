// `@docusaurus/ErrorBoundary` evaluated at build time: the page is built once, so what its children
// throw fails the build with the page's line, rather than shipping a page with the fallback.

export default function ErrorBoundary({ children }: { children?: unknown; fallback?: unknown }) {
  return children;
}
