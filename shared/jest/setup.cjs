require('@testing-library/jest-dom');
// Highcharts 13 asks for CSS.supports, which jsdom lacks.
if (typeof window !== 'undefined') {
  window.CSS = window.CSS || {};
  if (typeof window.CSS.supports !== 'function') window.CSS.supports = () => false;
}
