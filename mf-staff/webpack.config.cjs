const { createAppConfig } = require('@swx/shared/build/webpack');

module.exports = createAppConfig({
  name: 'mf_staff',
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3007,
  title: 'SWX · back office',
});
