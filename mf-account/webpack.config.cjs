const { createAppConfig } = require('@swx/shared/build/webpack');

module.exports = createAppConfig({
  name: 'mf_account',
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3005,
  title: 'SWX · account',
});
