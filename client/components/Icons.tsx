// Icons are CSS masks (client/styles/icons.css): no SVG paths in the JavaScript bundle.

export type IconName =
  | 'sun'
  | 'moon'
  | 'system'
  | 'menu'
  | 'close'
  | 'chevron'
  | 'copy'
  | 'check'
  | 'external'
  | 'home'
  | `brand-${string}`
  | `admonition-${string}`;

export function Icon({ name, small = false }: { name: IconName; small?: boolean }) {
  return <span className={`icon icon-${name}${small ? ' icon-small' : ''}`} aria-hidden="true" />;
}
