// Bundles the server's own code and the workspace SDK (TypeScript sources) into dist/; every npm
// dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@swx/'));
const entries = ['src/main.ts', 'src/admin-cli.ts'].filter((file) => fs.existsSync(file));

fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
