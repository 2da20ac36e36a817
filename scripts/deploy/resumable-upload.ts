// The upload of a build's KV entries, in parts, taken up where it stopped when a deploy is cut off
// (a first deploy of a large site sends some 210,000 keys). After each part but the last,
// `b:<id>:upload` records how many parts are in KV and against which live build the parts were
// planned: the plan is the same when the deploy runs again on the same build over the same live
// build, so the parts recorded are not sent again. A one-part upload (a redeploy) writes no record.

import type { DeployTarget } from './deploy-target.ts';
import type { UploadPlan } from './upload-plan.ts';

export const uploadKey = (buildId: string): string => `b:${buildId}:upload`;

interface UploadMark {
  /** The live build the plan skipped the keys of (null on a first deploy). */
  live: string | null;
  /** Parts in KV, from the first. */
  parts: number;
  /** The plan's parts and keys, so a different plan is never taken for this one. */
  of: number;
  keys: number;
}

/** Keys sent so far and keys to send, after each part (and once before the first). */
export type UploadProgress = (done: number, total: number) => void;

/** Sends the plan's parts the upload record does not mark as sent; returns the parts skipped. */
export async function uploadParts(
  target: DeployTarget,
  buildId: string,
  live: string | undefined,
  plan: UploadPlan,
  progress: UploadProgress = () => {},
): Promise<number> {
  const planned = { live: live ?? null, of: plan.files.length, keys: plan.sent };
  const mark = parseMark(await target.getKey(uploadKey(buildId)));
  const same = mark && mark.live === planned.live && mark.of === planned.of && mark.keys === planned.keys;
  const skipped = same ? Math.min(mark.parts, plan.files.length) : 0;
  let done = plan.counts.slice(0, skipped).reduce((sum, count) => sum + count, 0);
  progress(done, plan.sent);
  for (let index = skipped; index < plan.files.length; index++) {
    await target.putKeys(`upload build ${buildId} (part ${index + 1} of ${plan.files.length})`, plan.files[index]!);
    done += plan.counts[index]!;
    progress(done, plan.sent);
    if (index < plan.files.length - 1)
      await target.putEntries(`record the upload of build ${buildId}`, [
        { key: uploadKey(buildId), value: JSON.stringify({ ...planned, parts: index + 1 } satisfies UploadMark) },
      ]);
  }
  return skipped;
}

function parseMark(text: string | null): UploadMark | null {
  if (!text) return null;
  try {
    const mark = JSON.parse(text) as UploadMark;
    return Number.isInteger(mark?.parts) && Number.isInteger(mark.of) ? mark : null;
  } catch {
    // An unreadable record marks nothing: every part is sent.
    return null;
  }
}
