// The entry chunk: it holds only the federation runtime and this file. The module the page needs starts
// loading now, in parallel with the shell's own start-up (remotes/early-start.ts), and so do the strings
// of the visitor's language when it is not English (the shell's and the SDK's; English ships with both):
// bootstrap awaits them before the first render.
import { prefetchCommonStrings } from '@swx/shared/i18n/common-strings.ts';
import { prefetchShellStrings } from './locales/fetch';
import { startupLanguage } from './locales/startup-language';
import { startLandingModule } from './remotes/early-start';

startLandingModule(window.location.pathname);
const language = startupLanguage();
prefetchShellStrings(language);
prefetchCommonStrings(language);
// Async boundary: shared singletons (react, mobx, the SDK...) are negotiated before any of them runs.
void import('./bootstrap');
