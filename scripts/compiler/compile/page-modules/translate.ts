// `@docusaurus/Translate` evaluated at build time: the default message, its `{placeholders}` filled
// in; this site is English only.

import { interpolateChildren, type InterpolateValues } from '../../../../client/site-modules/interpolate-text.ts';
import { interpolate } from './interpolate.ts';

export { translate } from '../../../../client/site-modules/translate-text.ts';

export default function Translate({
  children,
  id,
  values,
}: {
  children?: unknown;
  id?: string;
  values?: InterpolateValues;
}) {
  return interpolate(children === undefined ? (id ?? '') : interpolateChildren(children, 'Translate'), values);
}
