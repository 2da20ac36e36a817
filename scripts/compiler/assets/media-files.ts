// The files pages reference (an image beside a doc), copied to the public URL the build gave each:
// by the whole build with the client's files, and by `npm start` as each page is stored, so a page
// served before the build is done shows its images.

import { cp, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Copies each `[source file, public URL]` into `clientDir`. */
export async function copyMediaFiles(clientDir: string, media: Iterable<readonly [string, string]>): Promise<void> {
  for (const [source, url] of media) {
    await mkdir(join(clientDir, dirname(url)), { recursive: true });
    await cp(source, join(clientDir, url));
  }
}
