// The shell is the federation host. It declares no remotes at build time: it reads /remotes.json at
// start-up (src/remotes/load-remote.ts), so a module is redeployed without rebuilding the shell.
const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { GenerateSW } = require('workbox-webpack-plugin');
const { createAppConfig } = require('@swx/shared/build/webpack');

// Development: each module runs its own dev server (`pnpm --dir mf-<name> dev`) on these ports.
const devRemotes = {
  mf_markets: 'http://127.0.0.1:3001/mf-manifest.json',
  mf_trading: 'http://127.0.0.1:3002/mf-manifest.json',
  mf_loan: 'http://127.0.0.1:3003/mf-manifest.json',
  mf_nft: 'http://127.0.0.1:3004/mf-manifest.json',
  mf_account: 'http://127.0.0.1:3005/mf-manifest.json',
  mf_pass: 'http://127.0.0.1:3006/mf-manifest.json',
  mf_staff: 'http://127.0.0.1:3007/mf-manifest.json',
};

/** What the shell loads from every module (src/remotes/load-remote.ts); the release gate checks it. */
const consumes = ['./routes'];

const base = createAppConfig({
  name: 'swx_shell',
  dir: __dirname,
  isHost: true,
  port: 3000,
  devRemotes,
  consumes,
});

/** A file name carrying webpack's content hash (`main.1a2b3c4d5e.js`): its content never changes. */
const VERSIONED = /\.[0-9a-f]{10}\.(js|css)$/;

/**
 * The installable web app (docs/architecture.md, "Installable app"): icons, the manifest and the offline
 * page are copied from public/; Workbox writes sw.js, which precaches the shell's versioned files and the
 * offline page only. Pages, the API, /remotes.json and modules' entry files always go to the network
 * (modules are released on their own); a module's versioned chunks are kept once fetched.
 */
function installableApp() {
  return [
    new CopyPlugin({
      patterns: [{ from: path.join(__dirname, 'public'), globOptions: { ignore: ['**/index.html'] } }],
    }),
    new GenerateSW({
      swDest: 'sw.js',
      // Precache: the shell's content-hashed JS and CSS, the offline page and what it shows.
      include: [VERSIONED, /^offline\.(html|js)$/, /^icons\/icon\.svg$/],
      // The password-strength dictionary (400 KB) is fetched by the forms that need it, not at install.
      exclude: [/\.(br|gz)$/, /\.map$/, /LICENSE/, /^zxcvbn-/],
      dontCacheBustURLsMatching: VERSIONED,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      // Pages are fetched from the network; when there is none the offline page answers instead.
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && /^\/(releases\/)?mf-[a-z]+\/.+\.[0-9a-f]{10}\.(js|css)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'swx-module-files',
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 86400 },
          },
        },
      ],
    }),
  ];
}

module.exports = (env, argv = {}) => {
  const config = base(env, argv);
  // The page itself is public/index.html (createAppConfig picks it up): icon, manifest and theme colour links.
  const production = config.mode === 'production';
  config.plugins.push(new DefinePlugin({ __SWX_SERVICE_WORKER__: JSON.stringify(production) }));
  if (production) config.plugins.push(...installableApp());
  else config.plugins.push(installableApp()[0]);
  return config;
};
