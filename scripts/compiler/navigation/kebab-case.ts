// How Docusaurus names the pages it makes for categories, and we name our listing pages.

/** Like lodash's kebabCase, as Docusaurus names category pages: the label's words, lower case, joined by dashes. */
export function kebabCase(label: string): string {
  return label
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
    .join('-');
}
