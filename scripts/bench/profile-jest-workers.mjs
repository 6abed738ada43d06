// V8 CPU profiles of every Node process that loads this preload, Jest's workers included, written in chunks of
// ten seconds (`<dir>/<pid>-<chunk>-<script>.cpuprofile`) because Jest ends its workers without waiting for
// an exit handler. Where the server tests' processor time goes (docs/decisions.md, "The second round"):
//
//   mkdir -p /tmp/jest-profiles
//   SWX_PROFILE_DIR=/tmp/jest-profiles SWX_TEST_BUNDLES=1 TEST_DATABASE_URL=$(bash scripts/postgres.sh) \
//     NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning --import $PWD/scripts/bench/profile-jest-workers.mjs" \
//     pnpm exec jest --selectProjects server --maxWorkers=2
//
// Then open the profiles in Chrome's DevTools, or sum their self time by package or file. Sampling every 2 ms
// (SWX_PROFILE_INTERVAL_US); Node 20 refuses `--cpu-prof` in NODE_OPTIONS, hence the inspector here.
import fs from 'node:fs';
import path from 'node:path';
import { inspectorSession } from './inspector-post.mjs';

const dir = process.env.SWX_PROFILE_DIR;
if (dir) {
  const { post } = inspectorSession();
  post('Profiler.enable');
  post('Profiler.setSamplingInterval', { interval: Number(process.env.SWX_PROFILE_INTERVAL_US ?? 2000) });
  post('Profiler.start');
  let chunk = 0;
  const script = path.basename(process.argv[1] ?? 'node');
  const write = () => {
    const { profile } = post('Profiler.stop');
    fs.writeFileSync(
      path.join(dir, `${process.pid}-${chunk++}-${script}.cpuprofile`),
      JSON.stringify(profile),
    );
    post('Profiler.start');
  };
  setInterval(write, 10_000).unref();
  process.on('exit', write);
}
