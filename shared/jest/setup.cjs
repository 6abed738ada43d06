require('@testing-library/jest-dom');
// Highcharts 13 asks for CSS.supports, which jsdom lacks.
if (typeof window !== 'undefined') {
  window.CSS = window.CSS || {};
  if (typeof window.CSS.supports !== 'function') window.CSS.supports = () => false;
}

// A verdict must not depend on the machine's speed: on a loaded two-core CI machine a screen can take seconds
// to render. Waits for what a test expects (`findBy…`, `waitFor`) give up after 15 s instead of Testing
// Library's 1 s; a test that fails still fails, only later.
require('@testing-library/react').configure({ asyncUtilTimeout: 15_000 });
