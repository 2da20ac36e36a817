// Where a stylesheet's fonts come from. Most stylesheets serve their fonts themselves (KaTeX, icon
// fonts), but the big font services put the CSS on one host and the font files on another. The
// build cannot read a remote stylesheet (no network), so those services' font hosts are known here.

const fontHostsOfService: Record<string, string[]> = {
  'https://fonts.googleapis.com': ['https://fonts.gstatic.com'],
  'https://api.fontshare.com': ['https://cdn.fontshare.com'],
};

/** The origins a stylesheet loaded from `origin` may take fonts from: its own, and its service's font host. */
export function fontOriginsOfStylesheet(origin: string): string[] {
  return [origin, ...(fontHostsOfService[origin] ?? [])];
}
