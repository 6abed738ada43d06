/** Background work (feed, schedulers, engines): started by main.ts after listening, stopped in reverse order. */
export interface Lifecycle {
  name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}
