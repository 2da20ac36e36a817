// `@docusaurus/Interpolate` evaluated at build time: `{placeholder}`s filled with the values, as
// text or as the elements given.

import {
  interpolateChildren,
  interpolateParts,
  type InterpolateValues,
} from '../../../../client/site-modules/interpolate-text.ts';

/** An element of the page's tree, as the JSX runtime makes it. */
export const isTreeElement = (value: unknown) =>
  typeof value === 'object' && value !== null && ('t' in value || Array.isArray(value));

export function interpolate(text: string, values?: InterpolateValues): unknown {
  return interpolateParts(text, values, isTreeElement);
}

export default function Interpolate({ children, values }: { children?: unknown; values?: InterpolateValues }) {
  return interpolate(interpolateChildren(children, 'Interpolate'), values);
}
