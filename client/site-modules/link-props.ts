// Docusaurus's `<Link>` props as a plain link takes them: what a site component renders in the
// browser (link.tsx) and what a page evaluated at build time renders
// (scripts/compiler/compile/page-modules/link.ts) read them alike.

/** Props of Docusaurus's Link that shape its router's behaviour, not the link itself. */
const routerOnlyProps = new Set(['isNavLink', 'activeClassName', 'exact', 'autoAddBaseUrl', 'isActive']);

/** The anchor's own attributes, and where it leads (`to`, else `href`). */
export function linkProps<Props extends { to?: string; href?: string }>({
  to,
  href,
  ...rest
}: Props): { attributes: Record<string, unknown>; target: string | undefined } {
  const attributes = Object.fromEntries(Object.entries(rest).filter(([name]) => !routerOnlyProps.has(name)));
  // `pathname://` tells Docusaurus to leave the path alone: it is a plain path here anyway.
  return { attributes, target: (to ?? href)?.replace(/^pathname:\/\//, '') };
}
