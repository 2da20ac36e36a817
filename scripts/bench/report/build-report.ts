// A bench's JSON → the report's HTML, beside it (results.json → results.html, scale.json →
// scale.html). What the JSON holds decides the sections: `npm run bench`'s figures, the scale
// bench's sizes (alone, or under `scale` in results.json), and any other key as JSON.

import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { otherFiguresSection, pagesSection, servingSection, shownKeys } from './bench-figures.ts';
import { renderReport } from './html.ts';
import { isObject, num, obj, str, type Report, type ReportSection } from './model.ts';
import { pageAssets } from './page-assets.ts';
import { scaleSection } from './scale-figures.ts';

/** The report of one bench JSON; `source` names the file in the subtitle. */
export function buildReport(json: unknown, source: string): Report {
  if (!isObject(json)) throw new Error(`${source} holds no JSON object: is it a bench's results?`);
  // scale.json is the scale result itself; results.json may carry one under `scale`.
  const isScale = Array.isArray(json.sizes);
  const scale = isScale ? json : json.scale;
  const sections: ReportSection[] = [];
  const add = (section: ReportSection | undefined) => section && sections.push(section);
  // Sections with charts first: readers look at curves before tables.
  if (!isScale) add(servingSection(json));
  add(scaleSection(scale));
  if (!isScale) {
    add(pagesSection(json));
    add(otherFiguresSection(json));
  }
  const other = Object.fromEntries(
    Object.entries(json).filter(([key]) => !(isScale ? ['sizes', 'seed', 'machine'] : [...shownKeys]).includes(key)),
  );
  return {
    title: isScale ? 'Scale bench' : 'Bench',
    subtitle: subtitle(json, source),
    sections,
    ...(Object.keys(other).length > 0 ? { other } : {}),
  };
}

function subtitle(json: Record<string, unknown>, source: string): string {
  const machine = obj(json, 'machine') ?? obj(json, 'scale', 'machine');
  const parts = [`from ${source}`];
  const date = str(machine, 'date');
  if (date) parts.push(`measured ${date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`);
  const cpus = num(machine, 'cpus');
  if (cpus !== undefined) parts.push(`${cpus} CPUs`);
  const node = str(machine, 'node');
  if (node) parts.push(`Node ${node}`);
  const seed = num(json, 'seed') ?? num(json, 'scale', 'seed');
  if (seed !== undefined) parts.push(`corpus seed ${seed}`);
  return parts.join(' · ');
}

/** The HTML file beside a bench's JSON: `dist/bench/scale.json` → `dist/bench/scale.html`. */
export function reportFileFor(jsonFile: string): string {
  return join(dirname(jsonFile), `${basename(jsonFile).replace(/\.json$/, '')}.html`);
}

/** Reads a bench's JSON and writes its report beside it; returns the report's path. */
export async function writeReport(jsonFile: string, outFile = reportFileFor(jsonFile)): Promise<string> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(jsonFile, 'utf8'));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot read ${jsonFile}: ${why}`, { cause: error });
  }
  const report = buildReport(json, basename(jsonFile));
  await writeFile(outFile, renderReport(report, pageAssets()));
  return outFile;
}

/**
 * The report a bench writes beside its JSON: a report that cannot be written is a warning, never a
 * failed bench (its figures are in the JSON; `npm run bench:report` can try again).
 */
export async function writeReportBeside(jsonFile: string): Promise<string | undefined> {
  try {
    return await writeReport(jsonFile);
  } catch (error) {
    console.warn(`warning: no HTML report: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
