// One webpack configuration for every browser app (the shell host and each mf-* module), so the Module
// Federation settings that must agree across apps (singletons, share strategy, timeouts) live in one place.
// Usage in an app's webpack.config.cjs:
//   const { createAppConfig } = require('@swx/shared/build/webpack');
//   module.exports = createAppConfig({ name: 'mf_markets', dir: __dirname, exposes: { './routes': './src/routes.tsx' }, port: 3001 });
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/** The product's chunk-load timeout (seed §9): 120 s, for the host and every module. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Where the API server listens during development; the dev servers proxy to it. */
const API_TARGET = process.env.SWX_API_TARGET || 'http://127.0.0.1:8080';
const SHARED_SRC = path.resolve(__dirname, '..', 'src');

/**
 * Libraries that must exist once per page. The SDK itself is in the list: without it host and modules
 * would each get their own root store. The trailing-slash keys share subpath imports such as
 * `react-dom/client` and `react/jsx-runtime`.
 */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'react-router',
  'mobx',
  'mobx-react-lite',
  'i18next',
  'react-i18next',
  '@swx/shared',
];

function isResolvable(request, dir) {
  const bare = request.endsWith('/') ? request.slice(0, -1) : request;
  try {
    require.resolve(`${bare}/package.json`, { paths: [dir] });
    return true;
  } catch {
    return false;
  }
}

/**
 * Shared singletons for one app. A library the app cannot resolve (e.g. `react-router`, which a module may
 * reach only through react-router-dom) is left out rather than failing the build: the host provides it.
 * `requiredVersion: false` because the workspace catalog pins one version of each, and with
 * `loaded-first` the first loaded copy (the host's) is the one everybody uses.
 */
function sharedSingletons(dir) {
  return Object.fromEntries(
    SINGLETONS.filter((request) => isResolvable(request, dir)).map((request) => [
      request,
      { singleton: true, requiredVersion: false, eager: false },
    ]),
  );
}

function htmlTemplate(dir, title) {
  const custom = path.join(dir, 'public', 'index.html');
  if (fs.existsSync(custom)) return { template: custom };
  return {
    templateContent: `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="light" />
    <title>${title}</title>
  </head>
  <body>
    <noscript>SWX needs JavaScript.</noscript>
    <div id="root"></div>
  </body>
</html>
`,
  };
}

/**
 * @param {{
 *   name: string;                    // federation name, a JS identifier: 'swx_shell', 'mf_markets'
 *   dir: string;                     // the app's folder (holds src/index.ts)
 *   exposes?: Record<string, string>;// remotes: { './routes': './src/routes.tsx' }
 *   isHost?: boolean;                // the shell
 *   port: number;                    // dev-server port
 *   title?: string;                  // page title of the built index.html
 *   devRemotes?: Record<string, string>; // host only: the /remotes.json its dev server answers
 * }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createAppConfig({ name, dir, exposes = {}, isHost = false, port, title, devRemotes }) {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) {
    // A dash in the name produces the misleading "no files found for remoteEntry chunk" at run time.
    throw new Error(
      `createAppConfig: federation name "${name}" must be a JS identifier (mf_markets, not mf-markets)`,
    );
  }
  return (_env, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) !== 'development';
    const cssExtract = {
      loader: MiniCssExtractPlugin.loader,
    };
    return {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      // The entry only does import('./bootstrap'): the async boundary lets shared singletons be negotiated
      // before any of them is evaluated (never `eager`).
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        // The host serves deep links (/profile/balance), so its assets must resolve from the root; a module
        // is served under its own path (/mf-markets/) or another origin and finds its chunks from its entry.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            include: [path.join(dir, 'src'), SHARED_SRC],
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.module\.css$/,
            use: [
              cssExtract,
              {
                loader: require.resolve('css-loader'),
                options: {
                  modules: {
                    // `import styles from './x.module.css'` (default export), as Jest's identity proxy does.
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    // Federation does no style isolation: the app name keeps class names apart.
                    localIdentName: production ? `${name}_[hash:base64:6]` : `${name}__[name]__[local]`,
                  },
                  importLoaders: 0,
                },
              },
            ],
          },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: [cssExtract, require.resolve('css-loader')],
          },
          {
            test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/i,
            type: 'asset',
            parser: { dataUrlCondition: { maxSize: 4 * 1024 } },
          },
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[id].[contenthash:10].css' : '[id].css',
        }),
        // The host page, or the module's standalone page (the harness); only the app entry, not remoteEntry.
        new HtmlWebpackPlugin({
          ...htmlTemplate(dir, title || (isHost ? 'SWX' : `SWX · ${name}`)),
          chunks: ['main'],
          filename: 'index.html',
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: isHost ? {} : exposes,
          // The host registers remotes at run time from /remotes.json (see shell/src/remotes/load-remote.ts).
          remotes: {},
          shared: sharedSingletons(dir),
          // With the default version-first, one offline remote blanks the whole shell.
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        // Pre-compressed copies next to each asset; the server sends them with `preCompressed` (no CPU per
        // request). Brotli for browsers that ask for it, gzip for the rest.
        ...(production
          ? [
              new CompressionPlugin({
                test: /\.(js|css|html|json|svg)$/,
                algorithm: 'gzip',
                threshold: 1024,
                minRatio: 0.9,
              }),
              new CompressionPlugin({
                test: /\.(js|css|html|json|svg)$/,
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
                minRatio: 0.9,
              }),
            ]
          : []),
      ],
      optimization: {
        minimize: production,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
        // Never runtimeChunk 'single' in a remote: its container entry must carry its own runtime.
        runtimeChunk: false,
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        host: '127.0.0.1',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        // The host fetches each module's mf-manifest.json from another port in development.
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        proxy: [
          { context: ['/swx'], target: API_TARGET, changeOrigin: true },
          { context: ['/message'], target: API_TARGET, ws: true, changeOrigin: true },
        ],
        client: { overlay: { errors: true, warnings: false } },
        // In production the server lists the built modules at /remotes.json; in development the host's
        // dev server answers it from `devRemotes` (each module on its own dev server).
        setupMiddlewares: (middlewares, devServer) => {
          if (isHost && devRemotes) {
            devServer.app.get('/remotes.json', (_request, response) => response.json(devRemotes));
          }
          return middlewares;
        },
      },
    };
  };
}

module.exports = { createAppConfig, CHUNK_LOAD_TIMEOUT_MS, SINGLETONS };
