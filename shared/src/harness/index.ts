export { renderStandalone, standaloneBasename, type StandaloneOptions } from './render-standalone';
export { routesComponent, type ModuleRoutesExport } from './module-routes';
