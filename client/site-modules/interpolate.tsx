// `@docusaurus/Interpolate` for site components: `{placeholder}`s of a text filled with the values,
// elements included.

import { Fragment, isValidElement, type ReactNode } from 'react';
import { interpolateChildren, interpolateParts, type InterpolateValues } from './interpolate-text.ts';

export function interpolate(text: string, values?: InterpolateValues): ReactNode {
  const result = interpolateParts(text, values, isValidElement);
  if (typeof result === 'string') return result;
  // The parts are the text's, in its order: their places are their keys.
  return result.map((part, index) => <Fragment key={index}>{part as ReactNode}</Fragment>);
}

export default function Interpolate({ children, values }: { children: ReactNode; values?: InterpolateValues }) {
  return <>{interpolate(interpolateChildren(children, 'Interpolate'), values)}</>;
}
