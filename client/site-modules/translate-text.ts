// `translate()` of `@docusaurus/Translate`: this site is English only, so the message is the
// default one written in the code, its `{placeholders}` filled in.

import { interpolateParts, type InterpolateValues } from './interpolate-text.ts';

export interface TranslateParam {
  message?: string;
  id?: string;
  description?: string;
}

export function translate({ message, id }: TranslateParam, values?: InterpolateValues): string {
  const text = message ?? id ?? '';
  const result = interpolateParts(text, values, () => false);
  return typeof result === 'string' ? result : result.join('');
}
