import { createContext, useContext } from 'react';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { takeStartupDirectory } from '../remotes/early-start';
import { discoverRemotes, registerModules, type RemoteDirectory } from '../remotes/load-remote';

type DirectoryStatus = 'loading' | 'ready' | 'refreshing';

/**
 * The modules deployed right now, read from /remotes.json at start-up, on every navigation into a module
 * area, and when a customer retries a module that was not deployed. A module released or rolled back since
 * (a new manifest URL in the pointer) is registered afresh and loaded on that navigation, without a reload.
 * A failed read leaves the list empty at start-up (every module area then says its module is unavailable
 * and offers Retry, while the chrome keeps working) and the last list afterwards.
 */
export class RemoteDirectoryStore {
  status: DirectoryStatus = 'loading';
  remotes: RemoteDirectory = {};

  constructor() {
    makeObservable(this, { status: observable, remotes: observableRef, refresh: action });
  }

  private started = false;

  /** Reads the list once at start-up (idempotent: React may run effects twice in development). */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.refresh();
  }

  /**
   * A module area was entered: read the list again. Skipped while a read is under way (the start-up read
   * among them), so entering an area costs one small request at most.
   */
  enterModuleArea(): void {
    if (this.status !== 'ready') return;
    void this.refresh();
  }

  /** The manifest URL a module is loaded from now, if it is deployed. */
  entryOf(moduleName: string): string | undefined {
    return this.has(moduleName) ? this.remotes[moduleName] : undefined;
  }

  has(moduleName: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.remotes, moduleName);
  }

  async refresh(): Promise<void> {
    this.status = this.status === 'loading' ? 'loading' : 'refreshing';
    let remotes: RemoteDirectory = this.remotes;
    try {
      remotes = await (takeStartupDirectory() ?? discoverRemotes());
      registerModules(remotes);
    } catch (error) {
      console.error('[shell] could not read /remotes.json', error);
    }
    runInAction(() => {
      this.remotes = remotes;
      this.status = 'ready';
    });
  }
}

export const RemoteDirectoryContext = createContext<RemoteDirectoryStore | null>(null);

export function useRemoteDirectory(): RemoteDirectoryStore {
  const directory = useContext(RemoteDirectoryContext);
  if (!directory) throw new Error('useRemoteDirectory needs a RemoteDirectoryContext provider');
  return directory;
}
