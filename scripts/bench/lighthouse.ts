// Lighthouse (mobile defaults) in Debian's Chromium, median of several runs.

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalByteWeight: number;
  requests: number;
}

export const chromeFlags = [
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function lighthouseMedian(url: string, runs: number): Promise<LighthouseScores> {
  const results: LighthouseScores[] = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags,
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      const requests = (audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
      results.push({
        performance: categories.performance?.score ?? 0,
        accessibility: categories.accessibility?.score ?? 0,
        bestPractices: categories['best-practices']?.score ?? 0,
        seo: categories.seo?.score ?? 0,
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        speedIndexMs: numeric('speed-index'),
        totalByteWeight: numeric('total-byte-weight'),
        requests,
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key: keyof LighthouseScores) => median(results.map((result) => result[key]));
  return Object.fromEntries(
    (Object.keys(results[0]!) as (keyof LighthouseScores)[]).map((key) => [key, pick(key)]),
  ) as unknown as LighthouseScores;
}
