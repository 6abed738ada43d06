export * from './federation-facts';
export * from './federation-facts-view';
export { diagnosticsResources } from './diagnostics-strings';
