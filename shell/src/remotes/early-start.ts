// Runs in the shell's entry chunk, while React, the SDK and the shell's own code are still downloading: the
// module the page needs is otherwise discovered only after all of them have run and the shell has rendered
// once (remotes.json, then the module's manifest, remote entry and routes chunk, one after the other).
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { landingModule } from '../routes/route-list';
import { discoverRemotes, registerModules, type RemoteDirectory } from './load-remote';

let startupDirectory: Promise<RemoteDirectory> | null = null;

/**
 * The first read of /remotes.json, started early; the directory store takes it instead of reading again
 * (once: later refreshes always read afresh, so a redeployed module is picked up).
 */
export function takeStartupDirectory(): Promise<RemoteDirectory> | null {
  const directory = startupDirectory;
  startupDirectory = null;
  return directory;
}

/**
 * Reads the module directory and starts loading the module that owns `pathname` (manifest, remote entry and
 * the synchronous files of its `./routes`) in parallel with the shell's own start-up. A failure here is
 * only a lost head start: the module area loads the module for real and reports any error itself.
 */
export function startLandingModule(pathname: string): void {
  const directory = discoverRemotes();
  // The directory store reports a failed read; this copy only must not be an unhandled rejection.
  directory.catch(() => undefined);
  startupDirectory = directory;
  const moduleName = landingModule(pathname);
  if (!moduleName) return;
  void directory
    .then((remotes) => {
      if (!Object.prototype.hasOwnProperty.call(remotes, moduleName)) return;
      registerModules(remotes);
      return preloadRemote([{ nameOrAlias: moduleName, exposes: ['./routes'], resourceCategory: 'sync' }]);
    })
    .catch((error: unknown) => console.warn(`[shell] early load of ${moduleName} failed`, error));
}
