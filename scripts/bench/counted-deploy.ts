// A local deploy (the same steps as `npm run deploy -- --local`) that counts what it sends to KV:
// every bulk file handed to the target's putKeys is read and its entries counted before the
// real write, so the figure is what the deploy wrote, whatever the deploy decides to skip.

import { readFile } from 'node:fs/promises';
import { deployBuild } from '../deploy/steps.ts';
import { localTarget, type DeployTarget } from '../deploy/target.ts';

export interface DeployCount {
  buildId: string;
  /** Keys in all the bulk writes of this deploy. */
  keysWritten: number;
  /** Of those, the ones of the pointer flip (the build's deploy record, `build:history`, `build:current`). */
  pointerKeys: number;
  valueBytesWritten: number;
  /** Each bulk write: its step and how many keys it held. */
  writes: { step: string; keys: number }[];
}

export async function countedLocalDeploy(outDir: string, persistDir: string): Promise<DeployCount> {
  const writes: { step: string; keys: number; bytes: number }[] = [];
  const target = localTarget(persistDir);
  const counting: DeployTarget = {
    ...target,
    putKeys: async (step, file) => {
      const entries = JSON.parse(await readFile(file, 'utf8')) as { value: string }[];
      const bytes = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.value), 0);
      writes.push({ step, keys: entries.length, bytes });
      await target.putKeys(step, file);
    },
    putEntries: async (step, entries) => {
      const bytes = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.value), 0);
      writes.push({ step, keys: entries.length, bytes });
      await target.putEntries(step, entries);
    },
  };
  const { buildId } = await deployBuild(counting, outDir, () => {});
  return {
    buildId,
    keysWritten: writes.reduce((sum, write) => sum + write.keys, 0),
    pointerKeys: writes.filter((write) => write.step.startsWith('point ')).reduce((sum, write) => sum + write.keys, 0),
    valueBytesWritten: writes.reduce((sum, write) => sum + write.bytes, 0),
    writes: writes.map(({ step, keys }) => ({ step, keys })),
  };
}
