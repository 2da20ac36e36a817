// Small theme components for site components, with our look: `@theme/Heading`, `@theme/CodeInline`,
// `@theme/IdealImage`, `@theme/ThemedImage` and `@theme/TOCInline`.

import type { ReactNode } from 'react';
import { Heading as AnchoredHeading } from '../components/content/Heading.tsx';

type Props = Record<string, unknown> & { children?: ReactNode };

const headings = ([1, 2, 3, 4, 5, 6] as const).map((level) => AnchoredHeading(level));

export function Heading({ as, ...props }: Props & { as?: string }) {
  const level = /^h[1-6]$/.test(as ?? '') ? Number(as!.slice(1)) : 2;
  const Tag = headings[level - 1]!;
  return <Tag {...props} />;
}

export function CodeInline(props: Props) {
  return <code {...props} />;
}

export function IdealImage({ img, alt, minImageWidth: _min, swapOnMobile: _swap, theme: _theme, ...rest }: Props) {
  const source = imageSource(img);
  return source ? <img {...rest} src={source} alt={typeof alt === 'string' ? alt : ''} loading="lazy" /> : null;
}

function imageSource(img: unknown): string | undefined {
  if (typeof img === 'string') return img;
  if (typeof img !== 'object' || img === null) return undefined;
  const value = img as { default?: unknown; src?: unknown };
  if (value.default !== undefined) return imageSource(value.default);
  if (typeof value.src === 'string') return value.src;
  return imageSource((value.src as { src?: unknown } | undefined)?.src);
}

export function ThemedImage({ sources, className, ...rest }: Props & { sources?: { light?: string; dark?: string } }) {
  const { light, dark } = sources ?? {};
  if (!light || !dark || light === dark)
    return <img {...rest} className={className as string | undefined} src={light ?? dark} />;
  return (
    <>
      {(['light', 'dark'] as const).map((theme) => (
        <img
          key={theme}
          {...rest}
          className={['themed-image', `themed-image-${theme}`, className].filter(Boolean).join(' ')}
          src={theme === 'light' ? light : dark}
        />
      ))}
    </>
  );
}

interface TocEntry {
  value: string;
  id: string;
  level: number;
}

export function TOCInline({
  toc,
  minHeadingLevel = 2,
  maxHeadingLevel = 3,
}: {
  toc?: TocEntry[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
}) {
  const entries = (toc ?? []).filter((entry) => entry.level >= minHeadingLevel && entry.level <= maxHeadingLevel);
  if (entries.length === 0) return null;
  return (
    <div className="toc-inline">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.value}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
