// `@theme/IdealImage` (plugin-ideal-image), evaluated at build time: one responsive <img> (the
// content stylesheet keeps images within the column) of the image it is given, loaded lazily.

import { jsx } from '../jsx-runtime.ts';

interface IdealImageProps extends Record<string, unknown> {
  img?: unknown;
  alt?: string;
}

export default function IdealImage({ img, alt, ...rest }: IdealImageProps) {
  const source = imageSource(img);
  if (!source) {
    throw new Error('<IdealImage> needs img: an image URL, or the value of `require("./image.png")`');
  }
  const { minImageWidth: _min, swapOnMobile: _swap, theme: _theme, ...attributes } = rest;
  return jsx('img', { ...attributes, src: source.src, alt: alt ?? '', loading: 'lazy', ...source.size });
}

/** A URL, `{ default: url }`, `{ src: url }`, or the ideal-image loader's `{ src: { src, width, height } }`. */
function imageSource(img: unknown): { src: string; size: { width?: number; height?: number } } | undefined {
  if (typeof img === 'string') return { src: img, size: {} };
  if (typeof img !== 'object' || img === null) return undefined;
  const value = img as { default?: unknown; src?: unknown };
  if (value.default !== undefined) return imageSource(value.default);
  if (typeof value.src === 'string') return { src: value.src, size: {} };
  if (typeof value.src === 'object' && value.src !== null) {
    const { src, width, height } = value.src as { src?: unknown; width?: unknown; height?: unknown };
    if (typeof src !== 'string') return undefined;
    const size = typeof width === 'number' && typeof height === 'number' ? { width, height } : {};
    return { src, size };
  }
  return undefined;
}
