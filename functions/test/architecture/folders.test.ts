// Capability folders must not depend on each other in a circle (STRUCTURE.md item 4): lint's
// import-x/no-cycle catches file cycles; this catches folder cycles such as events/ <-> landing/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The node a file belongs to: its top folder under src, or the file itself for files at the top. */
function nodeOf(srcRoot: string, file: string): string {
  const rel = relative(srcRoot, file);
  const [head, ...rest] = rel.split('/');
  return rest.length ? `${head}/` : head;
}

/** Folder-level edges of one source tree; `aliases` maps an import prefix to a folder. */
export function folderGraph(srcRoot: string, aliases: Record<string, string> = {}): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(srcRoot)) {
    const from = nodeOf(srcRoot, file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      const alias = Object.keys(aliases).find((prefix) => spec.startsWith(prefix));
      let target: string;
      if (alias) target = aliases[alias];
      else if (spec.startsWith('.')) target = resolve(dirname(file), spec);
      else continue;
      if (!target.startsWith(srcRoot)) continue;
      const to = nodeOf(srcRoot, target.replace(/\.js$/, '.ts'));
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every strongly connected group of more than one folder (Tarjan). */
export function folderCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return groups;
}

describe('capability folders', () => {
  it('the checker finds a folder cycle', () => {
    const graph = new Map([
      ['events/', new Set(['landing/'])],
      ['landing/', new Set(['events/'])],
      ['ui/', new Set<string>()],
    ]);
    expect(folderCycles(graph)).toEqual([['events/', 'landing/']]);
  });

  it('of the site do not depend on each other in a circle', () => {
    const web = join(ROOT, 'web/src');
    expect(folderCycles(folderGraph(web, { '@shared/': join(ROOT, 'functions/src/shared/x.ts') }))).toEqual([]);
  });

  it('of the API do not depend on each other in a circle', () => {
    expect(folderCycles(folderGraph(join(ROOT, 'functions/src')))).toEqual([]);
  });
});
