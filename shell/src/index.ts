// The entry chunk: it holds only the federation runtime and this file. The module the page needs starts
// loading now, in parallel with the shell's own start-up (remotes/early-start.ts).
import { startLandingModule } from './remotes/early-start';

startLandingModule(window.location.pathname);
// Async boundary: shared singletons (react, mobx, the SDK...) are negotiated before any of them runs.
void import('./bootstrap');
