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
  'mobx',
  'mobx-react-lite',
  'i18next',
  'react-i18next',
  '@swx/shared',
  // The candle chart (`@swx/shared/chart`) is drawn by two modules; the library must download once. Only the
  // modules that draw charts can resolve it, so the shell neither provides nor preloads it.
  'highcharts/',
  'highcharts-react-official',
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

/** The version of `request`'s package as the app at `dir` resolves it (`highcharts/` → highcharts). */
function versionOf(request, dir) {
  const bare = request.endsWith('/') ? request.slice(0, -1) : request;
  const file = require.resolve(`${bare}/package.json`, { paths: [dir] });
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/**
 * Shared singletons for one app. A library the app cannot resolve (e.g. `react-router`, which a module may
 * reach only through react-router-dom) is left out rather than failing the build: the host provides it.
 *
 * Each one requires the major it was built with (`^` of the version the app resolved; for the SDK, the
 * `@swx/shared` version of this build: the range a module declares it was built against), strictly: with
 * `loaded-first` the page's copy is the first loaded (the shell's), and a module whose range it does not
 * satisfy is refused by the federation runtime with an error (shown in the shell's diagnostics panel)
 * instead of running against a copy it was not built for. The release gate (scripts/release/compat.mjs)
 * compares the same ranges, from the manifests, before a version goes live.
 */
function sharedSingletons(dir) {
  return Object.fromEntries(
    SINGLETONS.filter((request) => isResolvable(request, dir)).map((request) => {
      const strict = {
        singleton: true,
        eager: false,
        requiredVersion: `^${versionOf(request, dir)}`,
        strictVersion: true,
      };
      if (request === 'react-router-dom') return [request, { ...strict, ...routerFacade(dir).shared }];
      if (request === 'react-i18next') return [request, { ...strict, ...i18nReactFacade(dir).shared }];
      return [request, strict];
    }),
  );
}

const ROUTER_FACADE = path.join(__dirname, 'router-facade.mjs');

/**
 * `react-router-dom` is shared as `router-facade.mjs` (the part the apps use), so the page carries 13 KB
 * (gzip) of router instead of 60 KB. The facade imports `react-router`, resolved here from the app's own
 * react-router-dom (pnpm keeps it out of reach of shared/build) to its browser ES build, which webpack can
 * tree-shake; `react-router` itself is not shared, the facade is its only user.
 */
function routerFacade(dir) {
  const domPackage = require.resolve('react-router-dom/package.json', { paths: [dir] });
  const routerPackage = require.resolve('react-router/package.json', { paths: [path.dirname(domPackage)] });
  const routerEntry = path.join(path.dirname(routerPackage), 'dist', 'production', 'index.mjs');
  return {
    shared: { import: ROUTER_FACADE, version: JSON.parse(fs.readFileSync(domPackage, 'utf8')).version },
    alias: { 'react-router$': routerEntry },
  };
}

const I18N_REACT_FACADE = path.join(__dirname, 'i18n-react-facade.mjs');

/**
 * `react-i18next` is shared as `i18n-react-facade.mjs` (provider, hook and plugin: ~3 KB gzip instead of
 * ~10 KB). The facade imports the package's ES build under the alias `react-i18next-entry`, which is not a
 * shared name, so webpack tree-shakes it (the bare `react-i18next` would be the facade itself).
 */
function i18nReactFacade(dir) {
  const packageFile = require.resolve('react-i18next/package.json', { paths: [dir] });
  return {
    shared: { import: I18N_REACT_FACADE, version: JSON.parse(fs.readFileSync(packageFile, 'utf8')).version },
    alias: { 'react-i18next-entry$': path.join(path.dirname(packageFile), 'dist', 'es', 'index.js') },
  };
}

/**
 * The host's start-up code in three chunks (plus `main`) instead of twelve, and one stylesheet instead of two:
 * every file the page needs before its first render is a request, and on HTTP/1.1 (six connections per
 * origin) over a slow link each costs at least a round trip. By default webpack gives each shared library its own chunk (the share scope loads them one by one);
 * grouping them is safe because the share scope's consume stubs carry no code and stay in their own
 * (file-less) chunks, so no file waits for a library it holds itself (checked in the built site: every
 * module loads). Groups: `shared-core` (react, react/jsx-runtime, react-dom, mobx, i18next, ~36 KB gzip),
 * `shared-app` (router, mobx-react-lite, react-i18next with their facades, the SDK and the shell's own code,
 * ~39 KB); react-dom/client (64 KB) keeps its own chunk so that it downloads in parallel with the others.
 */
function startupChunkGroups(dir) {
  const inGroup =
    (names, paths = []) =>
    (module) => {
      const resource = module.resource || '';
      // The strings of the languages other than English stay chunks of their own, fetched when used.
      if (/[\\/]locales[\\/][^\\/]+\.json$/.test(resource) && !resource.endsWith(`${path.sep}en.json`))
        return false;
      return (
        paths.some((prefix) => resource.startsWith(prefix)) ||
        names.some((name) => resource.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`))
      );
    };
  const group = (name, test) => ({ name, test, chunks: 'async', enforce: true, priority: 20 });
  const reactDomClient =
    /[\\/]react-dom[\\/]cjs[\\/]react-dom-client|[\\/]scheduler[\\/]|[\\/]react-dom[\\/]client\.js$/;
  return {
    reactDomClient: group('react-dom-client', (module) => reactDomClient.test(module.resource || '')),
    sharedCore: { ...group('shared-core', inGroup(['react', 'react-dom', 'mobx', 'i18next'])), priority: 10 },
    // The CSS of the SDK's UI kit and of the shell: one file.
    sharedAppStyles: { type: 'css/mini-extract', name: 'shared-app', chunks: 'async', enforce: true },
    sharedApp: group(
      'shared-app',
      inGroup(
        ['react-router', 'mobx-react-lite', 'react-i18next', 'use-sync-external-store'],
        [ROUTER_FACADE, I18N_REACT_FACADE, SHARED_SRC + path.sep, path.join(dir, 'src') + path.sep],
      ),
    ),
  };
}

/** Each shared library served as a facade: the names the facade exports, read from its source. */
const FACADES = [
  { request: 'react-router-dom', file: ROUTER_FACADE, from: 'react-router' },
  { request: 'react-i18next', file: I18N_REACT_FACADE, from: 'react-i18next-entry' },
];

/**
 * The JS and CSS files the host needs before its first render: the chunks of `import('./bootstrap')` and,
 * through each shared library it consumes, the host's own copy of that library (with `loaded-first` the host's
 * copy is the one used), transitively. Without a hint the browser discovers them only after `main` has been
 * downloaded and run: one round trip plus main's start-up on the critical path of every first paint.
 */
function startupFiles(compilation) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get('main');
  // The share scope hands out the provided copy (its own chunk), not the consume fallback: follow that one.
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    providers.set(module._name, [...(providers.get(module._name) ?? []), module]);
  }
  const files = new Set();
  const seenChunks = new Set();
  const visitBlocks = (module) => {
    for (const block of module.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (group) visitGroup(group);
    }
  };
  const visitGroup = (group) => {
    for (const chunk of group.chunks) {
      if (seenChunks.has(chunk)) continue;
      seenChunks.add(chunk);
      for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const provided = providers.get(module.options.shareKey);
        if (provided) provided.forEach(visitBlocks);
        else visitBlocks(module);
      }
    }
  };
  // Only the bootstrap's group: the entry chunk may start other imports of its own (the shell's strings in
  // a visitor's language), which are not start-up files for everybody.
  const isBootstrap = (group) =>
    group.origins.some((origin) => /(^|\/)bootstrap$/.test(origin.request ?? ''));
  if (entry) for (const child of entry.getChildren()) if (isBootstrap(child)) visitGroup(child);
  // main itself is already a <script> in the page.
  for (const chunk of entry ? entry.chunks : []) for (const file of chunk.files) files.delete(file);
  return [...files].sort();
}

/** The names a facade exports. */
function facadeExports({ file, from }) {
  const source = fs.readFileSync(file, 'utf8');
  const list = new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${from}'`).exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/**
 * Fails the build when app code imports from a facaded library ('react-router-dom', 'react-i18next') a name
 * its facade does not export: through the share scope webpack cannot see the facade's exports, so the name
 * would silently be `undefined` in the built site (unit tests use the real package and would still pass).
 */
class FacadeGuardPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('SwxFacadeGuard', (compilation) => {
      compilation.hooks.finishModules.tap('SwxFacadeGuard', (modules) => {
        const exported = new Map(FACADES.map((facade) => [facade.request, facadeExports(facade)]));
        for (const module of modules) {
          for (const dependency of module.dependencies ?? []) {
            const names = exported.get(dependency.request);
            if (!names || !Array.isArray(dependency.ids)) continue;
            const name = dependency.ids[0];
            if (name === undefined || names.has(name)) continue;
            const facade = FACADES.find((candidate) => candidate.request === dependency.request);
            const error = new compiler.webpack.WebpackError(
              `'${name}' is imported from ${dependency.request}, but the page's shared copy ` +
                `(shared/build/${path.basename(facade.file)}) does not export it: add it there.`,
            );
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

/** Adds `<link rel="preload">` for the host's start-up files to its index.html (production only). */
class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('SwxStartupPreload', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('SwxStartupPreload', (data) => {
        const publicPath =
          compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        const links = startupFiles(compilation).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            // Same request mode as webpack's own <script>/<link> for the chunk, so the preload is reused.
            as: file.endsWith('.css') ? 'style' : 'script',
            href: `${publicPath}${file}`,
            // The priority `main` itself gets as a deferred script: fetched in parallel with it, without
            // competing with the page's own HTML and CSS.
            fetchpriority: 'low',
          }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

/**
 * What the host loads from every module (e.g. `['./routes']`), written next to its mf-manifest.json as
 * `remote-contract.json`: the release gate (scripts/release/compat.mjs) refuses a module version that no
 * longer exposes one of them. The host's manifest cannot say it: remotes are registered at run time.
 */
class RemoteContractPlugin {
  constructor(consumes) {
    this.consumes = consumes;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('SwxRemoteContract', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SwxRemoteContract', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const contract = { exposes: [...this.consumes].sort() };
          compilation.emitAsset('remote-contract.json', new RawSource(JSON.stringify(contract, null, 2)));
        },
      );
    });
  }
}

/**
 * A versioned module release (`pnpm release <module>`, scripts/release) builds with SWX_RELEASE_VERSION and
 * SWX_RELEASE_PUBLIC_PATH: the module's files then live at that path (`/releases/mf-markets/<version>/` or a
 * CDN URL), so its standalone page works on deep links too. Anything else builds with `publicPath: 'auto'`.
 */
function releaseFromEnv(env = process.env) {
  const version = env.SWX_RELEASE_VERSION;
  const publicPath = env.SWX_RELEASE_PUBLIC_PATH;
  if (!version && !publicPath) return null;
  if (!version || !publicPath || !publicPath.endsWith('/'))
    throw new Error('a release build needs SWX_RELEASE_VERSION and SWX_RELEASE_PUBLIC_PATH (ending in /)');
  return { version, publicPath };
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
 *   consumes?: string[];             // host only: what it loads from every module ('./routes')
 * }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createAppConfig({ name, dir, exposes = {}, isHost = false, port, title, devRemotes, consumes }) {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) {
    // A dash in the name produces the misleading "no files found for remoteEntry chunk" at run time.
    throw new Error(
      `createAppConfig: federation name "${name}" must be a JS identifier (mf_markets, not mf-markets)`,
    );
  }
  return (_env, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) !== 'development';
    const release = isHost ? null : releaseFromEnv();
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
      // No source maps in a production build: they carry the full source, and `dist/` is served as it is
      // (the server also refuses any `.map`, see server/src/web/static.ts).
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        // The host serves deep links (/profile/balance), so its assets must resolve from the root; a module
        // is served under its own path (/mf-markets/) or another origin and finds its chunks from its entry.
        publicPath: isHost ? '/' : (release?.publicPath ?? 'auto'),
        uniqueName: name,
        // Two versions of a module can meet in one page (a new release picked up on navigation): each keeps
        // its own chunk registry, or the new runtime would take the old version's chunks of the same id.
        ...(release
          ? { chunkLoadingGlobal: `webpackChunk${name}_${release.version.replace(/[^A-Za-z0-9_$]/g, '_')}` }
          : {}),
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          ...(isResolvable('react-router-dom', dir) ? routerFacade(dir).alias : {}),
          ...(isResolvable('react-i18next', dir) ? i18nReactFacade(dir).alias : {}),
        },
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
        ...(production && isHost ? [new StartupPreloadPlugin()] : []),
        ...(isHost && consumes ? [new RemoteContractPlugin(consumes)] : []),
        new FacadeGuardPlugin(),
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
        ...(production && isHost ? { splitChunks: { cacheGroups: startupChunkGroups(dir) } } : {}),
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

module.exports = { createAppConfig, releaseFromEnv, CHUNK_LOAD_TIMEOUT_MS, SINGLETONS };
