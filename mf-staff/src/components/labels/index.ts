export { countryName, staffLanguageOf, useLabels } from './labels';
