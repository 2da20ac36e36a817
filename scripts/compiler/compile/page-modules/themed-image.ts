// `@theme/ThemedImage`, evaluated at build time: one <img> per theme, and the stylesheet shows
// the one matching <html data-theme>, which the server sets before the first paint.

import { jsx } from '../jsx-runtime.ts';

interface ThemedImageProps extends Record<string, unknown> {
  sources?: { light?: unknown; dark?: unknown };
  className?: string;
}

const themes = ['light', 'dark'] as const;

export default function ThemedImage({ sources, className, ...rest }: ThemedImageProps) {
  const { light, dark } = sources ?? {};
  if (typeof light !== 'string' || typeof dark !== 'string') {
    throw new Error(
      '<ThemedImage> needs sources={{ light: "/img/light.png", dark: "/img/dark.png" }}, one image URL for each theme',
    );
  }
  if (light === dark) return jsx('img', { ...rest, className, src: light });
  return themes.map((theme) =>
    jsx('img', {
      ...rest,
      className: ['themed-image', `themed-image-${theme}`, className].filter(Boolean).join(' '),
      src: theme === 'light' ? light : dark,
    }),
  );
}
