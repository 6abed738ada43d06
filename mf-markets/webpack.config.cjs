// The markets module: remote `mf_markets`, exposing its route table to the shell. Highcharts is not shared:
// only the currency-detail screen uses it, and it is loaded there on demand.
const { createAppConfig } = require('@swx/shared/build/webpack');

module.exports = createAppConfig({
  name: 'mf_markets',
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3001,
  title: 'SWX · markets',
});
