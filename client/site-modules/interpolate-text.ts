// Docusaurus's interpolation of `{placeholder}`s, without React: the component of a page evaluated
// at build time (scripts/compiler/compile/page-modules/interpolate.ts) and of a site component
// (interpolate.tsx) both use it. A placeholder without a value stays as written, as in Docusaurus.

export type InterpolateValues = Record<string, unknown> | undefined;

/** The text when every value is plain (a string), else its parts, with the elements in place. */
export function interpolateParts(
  text: string,
  values: InterpolateValues,
  isElement: (value: unknown) => boolean,
): string | unknown[] {
  const parts = text.split(/(\{\w+\})/).map((segment, index) => {
    // Odd segments are the placeholders.
    if (index % 2 === 0) return segment;
    const value = values?.[segment.slice(1, -1)];
    if (value === undefined) return segment;
    return isElement(value) ? value : String(value);
  });
  return parts.every((part) => typeof part === 'string') ? parts.join('') : parts.filter((part) => part !== '');
}

/** Docusaurus's `<Interpolate>` and `<Translate>` take a plain string as their children only. */
export function interpolateChildren(children: unknown, component: string): string {
  if (typeof children === 'string') return children;
  if (Array.isArray(children) && children.every((child) => typeof child === 'string')) return children.join('');
  throw new Error(
    `<${component}> takes plain text as its children, with {placeholders} for the values: ${JSON.stringify(children)}`,
  );
}
