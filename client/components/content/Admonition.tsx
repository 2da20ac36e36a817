// `:::note` and its kinds, and `<Admonition type=…>` written in a page: an aside with its kind's icon and title.

import type { ReactNode } from 'react';
import { Icon } from '../Icons.tsx';

const admonitionTitles: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  success: 'Success',
  secondary: 'Note',
};

export function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: string;
  title?: string;
  children?: ReactNode;
}) {
  const kind = admonitionTitles[type] ? type : 'note';
  const style =
    kind === 'caution'
      ? 'warning'
      : kind === 'important'
        ? 'info'
        : kind === 'success'
          ? 'tip'
          : kind === 'secondary'
            ? 'note'
            : kind;
  return (
    <aside className={`admonition admonition-${style}`} aria-label={title ?? admonitionTitles[kind]}>
      <p className="admonition-heading">
        <Icon name={`admonition-${style}`} small />
        {title ?? admonitionTitles[kind]}
      </p>
      <div className="admonition-content">{children}</div>
    </aside>
  );
}
