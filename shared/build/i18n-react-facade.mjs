// What the apps use of react-i18next, and only that: the page's one react-i18next (a shared singleton) is
// this module instead of the whole package. Shared modules are never tree-shaken, and the package entry also
// carries <Trans>/<IcuTrans> with their HTML parser, the HOCs and the SSR helpers, which no app uses: about
// 10 KB gzip on every first visit, for the three names below.
//
// `react-i18next-entry` is an alias (webpack.cjs) for the package's ES build; the bare name would be
// consumed from the share scope, i.e. this very module. Adding a name the apps import from 'react-i18next'
// is a one-line change here. Until it is added, the app's build fails (FacadeGuardPlugin in webpack.cjs)
// and so does a shell test (shell/src/routes/router-facade.test.ts).
export { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next-entry';
