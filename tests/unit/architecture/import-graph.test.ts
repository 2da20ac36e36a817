// The code's import graph, type imports included (lint's no-cycle skips those): no two modules of
// ours import each other, directly or through others. A cycle means one concept split over two
// files, or a shared shape living in the wrong one.

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const roots = ['client', 'worker', 'scripts'];
const specifier = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

function sourceFiles(): string[] {
  return roots.flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      .map((entry) => normalize(join(entry.parentPath, entry.name))),
  );
}

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(specifier)]
        .map((match) => normalize(join(dirname(file), match[1] ?? match[2]!)))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Tarjan's strongly connected components of more than one module, or a module importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph', () => {
  it('has no cycle, counting type imports', () => {
    expect(cycles(importGraph(sourceFiles()))).toEqual([]);
  });

  it('finds a cycle made of type imports alone', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const text = "import type { A } from './a.ts';\nexport { b } from '../b.ts';\nconst c = import('./c.tsx');";
    expect([...text.matchAll(specifier)].map((match) => match[1] ?? match[2])).toEqual([
      './a.ts',
      '../b.ts',
      './c.tsx',
    ]);
  });
});
