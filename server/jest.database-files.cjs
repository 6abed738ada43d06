// Which server test files reach a database: those whose imports (followed through the server's own files)
// arrive at src/db/client.ts. The PostgreSQL run (TEST_DATABASE_URL set) runs only these; a test of pure rules
// would run the same code twice and test nothing new on a second database.
const fs = require('node:fs');
const path = require('node:path');

const src = path.join(__dirname, 'src');
const databaseModule = path.join(src, 'db', 'client.ts');
const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|(?:import|require)\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolveLocal(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

function reachesDatabase(file, seen = new Set()) {
  if (file === databaseModule) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    // `import type` brings no code, and no database.
    if (/^(?:import|export)\s+type\s/.test(match[0])) continue;
    const target = resolveLocal(file, match[1] ?? match[2]);
    if (target && reachesDatabase(target, seen)) return true;
  }
  return false;
}

function testFiles(dir = src) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The server's test files that never reach a database. */
function databaseFreeTestFiles() {
  return testFiles().filter((file) => !reachesDatabase(file));
}

module.exports = { databaseFreeTestFiles, reachesDatabase, testFiles };

if (require.main === module) {
  const free = databaseFreeTestFiles();
  console.log(`${free.length} of ${testFiles().length} test files reach no database:`);
  for (const file of free) console.log(`  ${path.relative(__dirname, file)}`);
}
