const { createAppConfig } = require('@swx/shared/build/webpack');

module.exports = createAppConfig({
  name: 'mf_loan',
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3003,
  title: 'SWX · loans',
});
