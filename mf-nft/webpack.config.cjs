// The charity NFT module: remote `mf_nft`, exposing its route table to the shell (dev port 3004, as the
// shell's devRemotes expect).
const { createAppConfig } = require('@swx/shared/build/webpack');

module.exports = createAppConfig({
  name: 'mf_nft',
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3004,
  title: 'SWX · charity NFTs',
});
