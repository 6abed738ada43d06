// Runs the dependency-boundary rules (.dependency-cruiser.cjs) over every workspace package that exists,
// so a new mf-* module is checked without editing this script. Exits non-zero on any violation.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const packages = fs
  .readdirSync('.', { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^(shell|shared|server|e2e|mf-.+)$/.test(d.name))
  .map((d) => d.name)
  .filter((name) => fs.existsSync(`${name}/package.json`));

const roots = packages
  .flatMap((name) => ['src', 'fixtures', 'tests'].map((sub) => `${name}/${sub}`))
  .filter((p) => fs.existsSync(p));
try {
  execFileSync(
    'pnpm',
    ['exec', 'depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...roots],
    {
      stdio: 'inherit',
    },
  );
  console.log(`boundaries: ok (${packages.join(', ')})`);
} catch {
  console.error('boundaries: violations found (see above)');
  process.exit(1);
}
