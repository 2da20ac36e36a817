// `@theme/Layout` in a doc, evaluated at build time: its children. The doc is already in the site's
// layout, and its head comes from its frontmatter, so `title` and `description` add nothing here.

export default function Layout({ children }: { children?: unknown }) {
  return children ?? null;
}
