const { createAppConfig } = require('@swx/shared/build/webpack');

module.exports = createAppConfig({
  name: 'mf_pass',
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3006,
  title: 'SWX · sign in',
});
