// Inline SVG icons (no icon font, no extra request). Decorative unless given a title.

import type { ReactElement } from 'react';

type IconProps = { size?: number };

const svg = (path: ReactElement, size = 20, viewBox = '0 0 24 24') => (
  <svg width={size} height={size} viewBox={viewBox} aria-hidden="true" focusable="false" fill="currentColor">
    {path}
  </svg>
);

export const SunIcon = ({ size }: IconProps) =>
  svg(<path d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5a1 1 0 0 1 1 1v1.5a1 1 0 1 1-2 0V3a1 1 0 0 1 1-1Zm0 17.5a1 1 0 0 1 1 1V22a1 1 0 1 1-2 0v-1.5a1 1 0 0 1 1-1ZM4.22 4.22a1 1 0 0 1 1.42 0l1.06 1.06a1 1 0 0 1-1.42 1.42L4.22 5.64a1 1 0 0 1 0-1.42Zm13.08 13.08a1 1 0 0 1 1.42 0l1.06 1.06a1 1 0 1 1-1.42 1.42l-1.06-1.06a1 1 0 0 1 0-1.42ZM2 12a1 1 0 0 1 1-1h1.5a1 1 0 1 1 0 2H3a1 1 0 0 1-1-1Zm17.5 0a1 1 0 0 1 1-1H22a1 1 0 1 1 0 2h-1.5a1 1 0 0 1-1-1ZM4.22 19.78a1 1 0 0 1 0-1.42l1.06-1.06a1 1 0 0 1 1.42 1.42l-1.06 1.06a1 1 0 0 1-1.42 0ZM17.3 6.7a1 1 0 0 1 0-1.42l1.06-1.06a1 1 0 1 1 1.42 1.42L18.72 6.7a1 1 0 0 1-1.42 0Z" />, size);

export const MoonIcon = ({ size }: IconProps) =>
  svg(<path d="M20.7 14.6A8.5 8.5 0 0 1 9.4 3.3a.75.75 0 0 0-.98-.92A10 10 0 1 0 21.62 15.58a.75.75 0 0 0-.92-.98Z" />, size);

export const SystemIcon = ({ size }: IconProps) =>
  svg(<path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-6v2h3v2H7v-2h3v-2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v10h16V6H4Z" />, size);

export const MenuIcon = ({ size }: IconProps) =>
  svg(<path d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />, size ?? 26);

export const CloseIcon = ({ size }: IconProps) =>
  svg(<path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z" />, size ?? 18);

export const ChevronIcon = ({ size }: IconProps) => svg(<path d="M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6-1.4-1.4Z" />, size ?? 16);

export const CopyIcon = ({ size }: IconProps) =>
  svg(<path d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1Zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm0 16H8V7h11v14Z" />, size ?? 18);

export const CheckIcon = ({ size }: IconProps) => svg(<path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z" />, size ?? 18);

export const ExternalIcon = ({ size }: IconProps) =>
  svg(<path d="M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />, size ?? 13);

export const HomeIcon = ({ size }: IconProps) => svg(<path d="M12 3 2 12h3v8h6v-6h2v6h6v-8h3L12 3Z" />, size ?? 16);



/** Brand marks are static SVG files painted with the text colour through a CSS mask. */
export const BrandIcon = ({ name }: { name: string }) => <span className={`brand-icon brand-icon-${/^[a-z]+$/.test(name) ? name : 'link'}`} aria-hidden="true" />;
