import { makeAutoObservable } from 'mobx';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

export interface ShowToastOptions {
  tone?: ToastTone;
  /** How long it stays; errors stay longer because they usually ask the customer to do something. */
  durationMs?: number;
}

/** Short messages ("Copied", "Purchase successful") shown by `<ToastRegion />`. */
export class ToastStore {
  items: Toast[] = [];
  private nextId = 1;

  constructor() {
    makeAutoObservable<ToastStore, 'nextId'>(this, { nextId: false }, { autoBind: true });
  }

  show(message: string, options: ShowToastOptions = {}): number {
    const tone = options.tone ?? 'info';
    const id = this.nextId++;
    this.items.push({ id, message, tone });
    // Screen readers and eyes need a moment; four toasts at once is already too many to read.
    if (this.items.length > 4) this.items.shift();
    const duration = options.durationMs ?? (tone === 'error' ? 5000 : 2500);
    setTimeout(() => this.dismiss(id), duration);
    return id;
  }

  dismiss(id: number): void {
    this.items = this.items.filter((item) => item.id !== id);
  }
}

/** The page's one toaster: the SDK is a singleton across the shell and modules, so this is too. */
export const toaster = new ToastStore();
