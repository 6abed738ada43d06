// The shell is the federation host. It declares no remotes at build time: it reads /remotes.json at
// start-up (src/remotes/load-remote.ts), so a module is redeployed without rebuilding the shell.
const { createAppConfig } = require('@swx/shared/build/webpack');

// Development: each module runs its own dev server (`pnpm --dir mf-<name> dev`) on these ports.
const devRemotes = {
  mf_markets: 'http://127.0.0.1:3001/mf-manifest.json',
  mf_trading: 'http://127.0.0.1:3002/mf-manifest.json',
  mf_loan: 'http://127.0.0.1:3003/mf-manifest.json',
  mf_nft: 'http://127.0.0.1:3004/mf-manifest.json',
  mf_account: 'http://127.0.0.1:3005/mf-manifest.json',
  mf_pass: 'http://127.0.0.1:3006/mf-manifest.json',
};

module.exports = createAppConfig({ name: 'swx_shell', dir: __dirname, isHost: true, port: 3000, devRemotes });
