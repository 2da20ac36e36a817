// `clsx` for site components when the site folder does not have it: Docusaurus depends on clsx
// itself, so under Docusaurus a site imports it without listing it (its classic template's home
// page does). The same class names as clsx gives: strings and numbers, the keys of an object whose
// values are truthy, and arrays of these, joined by single spaces.

export type ClassValue = ClassValue[] | Record<string, unknown> | string | number | bigint | null | boolean | undefined;

function classesOf(value: ClassValue): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (!value || typeof value !== 'object') return '';
  if (Array.isArray(value)) return clsx(...value);
  return Object.keys(value)
    .filter((key) => value[key])
    .join(' ');
}

export function clsx(...values: ClassValue[]): string {
  let out = '';
  for (const value of values) {
    const classes = classesOf(value);
    if (classes) out = out ? `${out} ${classes}` : classes;
  }
  return out;
}

export default clsx;
