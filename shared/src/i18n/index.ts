export {
  languages,
  languageNames,
  defaultLanguage,
  isLang,
  dirFor,
  matchLanguage,
  type Lang,
} from './languages';
export { createI18n, registerNamespace, useNamespace, commonNamespace, type I18n } from './create-i18n';
export {
  registerLazyNamespace,
  languageReady,
  changeLanguageWhenReady,
  type StringsLoader,
} from './language-loading';
export { messageForError, errorMessageKey, clientErrorCodes, type Translate } from './error-messages';
export {
  formatNumber,
  formatMoney,
  hasDigitsBeyondPrecision,
  currencyPrecision,
  formatRatio,
  formatRate,
  formatRateAsGiven,
  formatPercent,
  formatPrice,
  formatDate,
  formatDateTime,
  setFormatLanguage,
  getFormatLanguage,
  prepareNumberFormats,
  type NumericInput,
  type NumberOptions,
  type MoneyOptions,
  type PercentOptions,
  type DateInput,
  type DateOptions,
} from './format';
export { problemText, type FieldProblem, type Problem } from './problem-text';
export { formatDuration } from './duration';
export { defineModuleStrings, type ModuleStrings, type ModuleStringLoaders } from './module-strings';
export {
  marketName,
  shownMarketName,
  useMarketName,
  marketNamesKey,
  type MarketNames,
  type ShownMarketName,
} from './market-names';
