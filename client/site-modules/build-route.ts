// The route of the page being built, where site code runs at build time (a page's modules and the
// site components rendered with it): the build sets it on the global object while it evaluates
// the page (scripts/compiler/compile/build-page-globals.ts).

export const buildRouteKey = Symbol.for('self-docs.build-route');

export function buildRoute(): string | undefined {
  return (globalThis as { [buildRouteKey]?: string })[buildRouteKey];
}
