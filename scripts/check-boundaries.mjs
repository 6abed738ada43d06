// Runs the dependency-boundary rules (.dependency-cruiser.cjs) over every workspace package that exists in the
// current folder, so a new mf-* module is checked without editing this script, then refuses import cycles
// between the server's folders (a domain importing another that imports it back, through any files), which
// file-level rules cannot see. Exits non-zero on any violation.
//   node scripts/check-boundaries.mjs        (from the repository's root; the boundary test runs it elsewhere)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const packages = fs
  .readdirSync('.', { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^(shell|shared|server|e2e|mf-.+)$/.test(d.name))
  .map((d) => d.name)
  .filter((name) => fs.existsSync(`${name}/package.json`));

const roots = packages
  .flatMap((name) => ['src', 'fixtures', 'tests'].map((sub) => `${name}/${sub}`))
  .filter((p) => fs.existsSync(p));

let result;
try {
  const output = execFileSync(
    process.execPath,
    [depcruise, '--config', path.join(repo, '.dependency-cruiser.cjs'), '--output-type', 'json', ...roots],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  result = JSON.parse(output);
} catch (error) {
  console.error(`boundaries: dependency-cruiser did not run: ${error.message}`);
  process.exit(1);
}

const problems = result.summary.violations
  .filter((v) => v.rule.severity === 'error')
  .map(
    (v) =>
      `  ${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`,
  );

// The server's folders as one graph: an edge a → b when a source file under server/src/a/ imports one under
// server/src/b/. Tests build whole servers and are left out.
const isTest = (file) => /(^|\/)__tests__\/|^server\/src\/test\/|(^|\/)testing\.ts$/.test(file);
const folderOf = (file) => /^server\/src\/([^/]+)\//.exec(file)?.[1];
const edges = new Map();
for (const module of result.modules) {
  const from = folderOf(module.source);
  if (!from || isTest(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (!to || to === from) continue;
    const key = `${from} ${to}`;
    if (!edges.has(key)) edges.set(key, `${module.source} → ${dependency.resolved}`);
  }
}
for (const cycle of folderCycles([...edges.keys()].map((key) => key.split(' ')))) {
  const steps = cycle.map((folder, i) => edges.get(`${folder} ${cycle[(i + 1) % cycle.length]}`));
  problems.push(
    `  server-folders-form-no-cycle: ${cycle.join(' → ')} → ${cycle[0]}\n${steps.map((s) => `      ${s}`).join('\n')}`,
  );
}

if (problems.length > 0) {
  console.error(`boundaries: ${problems.length} violation(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`boundaries: ok (${packages.join(', ')}; ${result.summary.totalCruised} modules)`);

/**
 * One shortest cycle through each group of folders that reach each other (Tarjan's strongly connected
 * components, then a breadth-first walk back to the group's first folder).
 */
function folderCycles(pairs) {
  const next = new Map();
  for (const [a, b] of pairs) next.set(a, [...(next.get(a) ?? []), b]);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      for (let w; w !== v;) group.push((w = stack.pop()));
      if (group.length > 1) groups.push(new Set(group));
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return groups.map((group) => {
    const start = [...group].sort()[0];
    const cameFrom = new Map([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift();
      for (const w of next.get(v) ?? []) {
        if (!group.has(w)) continue;
        if (w === start) {
          const path = [];
          for (let u = v; u !== null; u = cameFrom.get(u)) path.unshift(u);
          return path;
        }
        if (!cameFrom.has(w)) {
          cameFrom.set(w, v);
          queue.push(w);
        }
      }
    }
    return [start];
  });
}
