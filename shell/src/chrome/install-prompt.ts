import { makeAutoObservable } from 'mobx';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The browser's offer to install the site, kept from the moment it arrives (it fires once, early, and only
 * in browsers that install web apps themselves: Chromium-based ones). Without it the dialog explains how to
 * add the site to the home screen by hand.
 */
export class InstallPrompt {
  /** The event itself is not observable (a browser object); `available` says whether one is kept. */
  private event: BeforeInstallPromptEvent | null = null;
  available = false;
  installed = false;

  constructor() {
    makeAutoObservable<InstallPrompt, 'event'>(this, { event: false }, { autoBind: true });
  }

  listen(target: Window = window): () => void {
    const keep = (event: Event) => {
      event.preventDefault(); // our own button asks, not the browser's mini-infobar
      this.keep(event as BeforeInstallPromptEvent);
    };
    const done = () => this.markInstalled();
    target.addEventListener('beforeinstallprompt', keep);
    target.addEventListener('appinstalled', done);
    return () => {
      target.removeEventListener('beforeinstallprompt', keep);
      target.removeEventListener('appinstalled', done);
    };
  }

  keep(event: BeforeInstallPromptEvent): void {
    this.event = event;
    this.available = true;
  }

  markInstalled(): void {
    this.installed = true;
    this.event = null;
    this.available = false;
  }

  /** Shows the browser's own install question; the event can be used once. */
  async install(): Promise<boolean> {
    const event = this.event;
    if (!event) return false;
    this.event = null;
    this.available = false;
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') this.markInstalled();
    return outcome === 'accepted';
  }
}

export const installPrompt = new InstallPrompt();
