// The trading module: remote `mf_trading`, exposing its route table to the shell.
const { createAppConfig } = require('@swx/shared/build/webpack');

module.exports = createAppConfig({
  name: 'mf_trading',
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3002,
  title: 'SWX · trading',
});
