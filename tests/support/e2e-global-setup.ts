// Playwright's global setup: the worker bundle of built-site.ts is made afresh each run (the
// worker's code may have changed since the last one) and removed at its end.

import { rm } from 'node:fs/promises';
import { e2eBundleRoot } from './built-site.ts';

export default async function setup(): Promise<() => Promise<void>> {
  await rm(e2eBundleRoot, { recursive: true, force: true });
  return () => rm(e2eBundleRoot, { recursive: true, force: true });
}
