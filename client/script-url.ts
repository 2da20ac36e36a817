// URLs that would run script when followed or loaded, read the way the browser reads them.

/** Attributes (React names and the SVG spelling) whose value the browser follows or loads. */
export const urlAttributes = new Set([
  'href',
  'src',
  'action',
  'formAction',
  'xlinkHref',
  'xlink:href',
  'poster',
  'cite',
  'data',
]);

const schemePattern = /^([a-z][a-z\d+.-]*):/i;
const scriptSchemes = new Set(['javascript', 'vbscript']);
/** Documents that a `data:` URL would open with their scripts running. */
const scriptDocumentTypes = /^\s*(text\/html|application\/xhtml\+xml)\b/i;

/**
 * True when the URL's scheme runs script. Only the scheme counts: `javascript-guide` is a
 * relative link. The URL parser first trims C0 controls and spaces from both ends and drops
 * tabs and newlines anywhere, so ` \x01java\tscript:` is still `javascript:`.
 */
export function isScriptUrl(url: string): boolean {
  const scheme = schemePattern.exec(asBrowserReadsIt(url));
  if (!scheme) return false;
  const name = scheme[1]!.toLowerCase();
  if (scriptSchemes.has(name)) return true;
  return name === 'data' && scriptDocumentTypes.test(asBrowserReadsIt(url).slice(scheme[0].length));
}

function asBrowserReadsIt(url: string): string {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start++;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end--;
  return url.slice(start, end).replace(/[\t\n\r]/g, '');
}
