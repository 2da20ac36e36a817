// `@docusaurus/Translate` for site components: the default message (the children, else the id),
// its `{placeholders}` filled in; this site is English only.

import type { ReactNode } from 'react';
import { interpolate } from './interpolate.tsx';
import { interpolateChildren, type InterpolateValues } from './interpolate-text.ts';

export { translate } from './translate-text.ts';

interface TranslateProps {
  children?: ReactNode;
  id?: string;
  description?: string;
  values?: InterpolateValues;
}

export default function Translate({ children, id, values }: TranslateProps) {
  const message = children === undefined ? (id ?? '') : interpolateChildren(children, 'Translate');
  return <>{interpolate(message, values)}</>;
}
