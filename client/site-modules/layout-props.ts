// What a custom page's `<Layout>` says about the page itself (its title, description, footer and
// wrapper class): the page compiler reads it after rendering the page at build time and stores it
// with the page, since the layout around the page is ours, not the component's.

export interface LayoutProps {
  title?: string;
  description?: string;
  noFooter?: boolean;
  wrapperClassName?: string;
}

/** Shared by the page bundle (where `<Layout>` runs) and the build (which reads it): one per process. */
const slot = Symbol.for('self-docs.layout-props');

type Holder = { [slot]?: LayoutProps };

/** Called by `<Layout>` as the build renders it; the outermost one of a page wins, as in Docusaurus. */
export function noteLayoutProps(props: LayoutProps): void {
  const holder = globalThis as Holder;
  holder[slot] ??= props;
}

/** The props the last page's `<Layout>` was given, then forgotten for the next page. */
export function takeLayoutProps(): LayoutProps | undefined {
  const holder = globalThis as Holder;
  const props = holder[slot];
  delete holder[slot];
  return props;
}
