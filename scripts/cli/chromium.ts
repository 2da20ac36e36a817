// The Chromium that the browser tests (playwright.config.ts) and the Lighthouse bench
// (scripts/bench/lighthouse.ts) drive: Debian's, started the same way for both.

/** Debian's Chromium (`apt-get install chromium`), not a browser Playwright downloads. */
export const chromiumPath = '/usr/bin/chromium';

/** No DNS, no background traffic: third-party embeds simply fail to load, and only 127.0.0.1 answers. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
