import { StrictMode, useEffect, useState, type FormEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { observer } from 'mobx-react-lite';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { ToastRegion } from '../ui/toast';
import { dirFor } from '../i18n/languages';
import { languageReady } from '../i18n/language-loading';
import { messageForError } from '../i18n/error-messages';
import { needsSecondFactor } from '../contract/security';
import { registerNamespace } from '../i18n/create-i18n';
import { createRootStore, type RootStore } from '../store/root-store';
import { FederationFactsView } from '../diagnostics/federation-facts-view';
import { fetchManifestVersion, ownPublicPath, readFederationFacts } from '../diagnostics/federation-facts';
import { harnessResources } from './harness-strings';
import { routesComponent, type ModuleRoutesExport } from './module-routes';
import '../ui/theme.css';
import styles from './harness.module.css';

export interface StandaloneOptions {
  /** Federation name of the module, e.g. `mf_markets`. */
  name: string;
  /** The module's package version, shown until its manifest's build version (a release's) is read. */
  version: string;
  /** Where the module's files are served from; by default its build's public path. */
  publicPath?: string | null;
  /** What the module exposes as `./routes`. */
  routes: ModuleRoutesExport;
  /** Customer API base (default `/swx/customer`, proxied to the API server by the dev server). */
  apiBaseUrl?: string;
  /**
   * The customer sign-in form and session line (default true). The back office (`mf_staff`) signs staff in
   * itself, with its own client and token, so its page leaves the customer's out.
   */
  customerSession?: boolean;
  container?: HTMLElement;
}

const DEFAULT_API_BASE = '/swx/customer';

/**
 * Served from a built module folder (`/mf-markets/index.html`) or a release
 * (`/releases/mf-markets/<version>/`), the routes live under that prefix: the build's public path when the
 * page is under it, else the module folder.
 */
export function standaloneBasename(pathname: string, publicPath?: string | null): string | undefined {
  const base = publicPath ? new URL(publicPath, 'http://page.invalid').pathname.replace(/\/+$/, '') : '';
  if (base && (pathname === base || pathname.startsWith(`${base}/`))) return base;
  return /^\/mf-[a-z0-9-]+(?=\/|$)/.exec(pathname)?.[0];
}

const SignInForm = observer(function SignInForm({ root }: { root: RootStore }) {
  const { t } = useTranslation('harness');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  // Set when the account has two-factor on: the ticket of the second step and the code typed for it.
  const [ticket, setTicket] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const answer = ticket
        ? await root.api.call('auth.secondFactor', {
            body: { ticket, method: /^[0-9]{6}$/.test(code.trim()) ? 'totp' : 'recovery', code: code.trim() },
          })
        : await root.api.call('auth.login', { body: { account, password } });
      if (needsSecondFactor(answer)) {
        setTicket(answer.secondFactor.ticket);
      } else {
        root.session.login(answer.token, answer.userInfo);
        setTicket(null);
        setCode('');
      }
      setPassword('');
    } catch (error) {
      setFailure(`${t('signInFailed')}: ${messageForError(error, t)}`);
    } finally {
      setBusy(false);
    }
  };

  if (root.session.isLoggedIn) {
    return (
      <Button variant="secondary" size="small" onClick={() => root.session.logout()}>
        {t('signOut')}
      </Button>
    );
  }
  return (
    <form
      className={styles.signIn}
      onSubmit={(event) => void submit(event)}
      aria-labelledby="harness-sign-in"
    >
      <h2 id="harness-sign-in" className={styles.heading}>
        {t('signInTitle')}
      </h2>
      {ticket ? (
        <TextField
          label={t('secondFactorCode')}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          error={failure ?? undefined}
        />
      ) : (
        <>
          <TextField
            label={t('account')}
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            required
          />
          <TextField
            label={t('password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            error={failure ?? undefined}
          />
        </>
      )}
      <Button type="submit" loading={busy}>
        {t('signIn')}
      </Button>
    </form>
  );
});

/** The version of the build this page runs: its manifest's build version (set by `pnpm release`). */
function useManifestVersion(manifestUrl: string | null, packageVersion: string): string {
  const [version, setVersion] = useState(packageVersion);
  useEffect(() => {
    if (!manifestUrl) return;
    let current = true;
    void fetchManifestVersion(manifestUrl).then((found) => {
      if (current && found) setVersion(found);
    });
    return () => {
      current = false;
    };
  }, [manifestUrl]);
  return version;
}

const Diagnostics = observer(function Diagnostics({
  root,
  name,
  packageVersion,
  manifestUrl,
  apiBase,
  customerSession,
}: {
  root: RootStore;
  name: string;
  packageVersion: string;
  manifestUrl: string | null;
  apiBase: string;
  customerSession: boolean;
}) {
  const { t } = useTranslation('harness');
  const version = useManifestVersion(manifestUrl, packageVersion);
  const user = root.session.userInfo;
  // On its own page the module is the federation host: its shared copies are the ones chosen here.
  const facts = {
    modules: [{ name, manifestUrl, version, loaded: true }],
    shared: readFederationFacts(name).shared,
  };
  return (
    <section
      className={styles.diagnostics}
      aria-labelledby="harness-diagnostics"
      data-testid="harness-diagnostics"
    >
      <h2 id="harness-diagnostics" className={styles.heading}>
        {t('diagnostics')}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('module')}</dt>
        <dd>{name}</dd>
        <dt>{t('version')}</dt>
        <dd data-testid="harness-version">{version}</dd>
        <dt>{t('manifest')}</dt>
        <dd>{manifestUrl ?? '—'}</dd>
        <dt>{t('apiBase')}</dt>
        <dd>{apiBase}</dd>
        {customerSession && (
          <>
            <dt>{t('session')}</dt>
            <dd>
              {root.session.isLoggedIn
                ? t('signedInAs', {
                    username: user?.username ?? '?',
                    mode: t(`modes.${root.settings.accountMode}`),
                  })
                : t('signedOut')}
            </dd>
          </>
        )}
        <dt>{t('socket')}</dt>
        <dd>{t(`socketStates.${root.socket.state}`)}</dd>
      </dl>
      {customerSession && <SignInForm root={root} />}
      <FederationFactsView facts={facts} socketState={root.socket.state} />
    </section>
  );
});

/**
 * Runs one feature module on its own page (its dev server, or its built folder) with its own root store: a
 * sign-in form and a diagnostics panel above the module's routes. Support staff open a single module this
 * way; developers work on one module without the shell (`pnpm --dir mf-<name> dev`).
 */
export function renderStandalone(options: StandaloneOptions): { root: RootStore; reactRoot: Root } {
  const apiBase = options.apiBaseUrl ?? DEFAULT_API_BASE;
  const root = createRootStore({ apiBaseUrl: apiBase });
  registerNamespace(root.i18n, 'harness', harnessResources);
  document.documentElement.lang = root.settings.language;
  document.documentElement.dir = dirFor(root.settings.language);
  // The SDK's strings in a language other than English arrive after the first render here (a support and
  // development page; the shell awaits them instead): re-announce the language to re-render in it.
  const lang = root.settings.language;
  void languageReady(root.i18n, lang)?.then(() => {
    if (root.i18n.language === lang) void root.i18n.changeLanguage(lang);
  });
  root.socket.start();
  // What the shell does for a page: modules read the feed status from the root store, never ask themselves.
  void root.loadFeedStatus();

  const ModuleRoutes = routesComponent(options.routes);
  const publicPath = options.publicPath === undefined ? ownPublicPath() : options.publicPath;
  const manifestUrl = publicPath ? new URL('mf-manifest.json', publicPath).toString() : null;
  const container = options.container ?? document.getElementById('root');
  if (!container) throw new Error('renderStandalone: the page has no #root element');
  const absoluteApiBase = new URL(apiBase, window.location.origin).toString();
  const Banner = () => {
    const { t } = useTranslation('harness');
    return <p className={styles.banner}>{t('banner', { name: options.name })}</p>;
  };

  const reactRoot = createRoot(container);
  reactRoot.render(
    <StrictMode>
      <I18nextProvider i18n={root.i18n}>
        <BrowserRouter basename={standaloneBasename(window.location.pathname, publicPath)}>
          <header className={styles.header}>
            <Banner />
            <Diagnostics
              root={root}
              name={options.name}
              packageVersion={options.version}
              manifestUrl={manifestUrl}
              apiBase={absoluteApiBase}
              customerSession={options.customerSession ?? true}
            />
          </header>
          <main className={styles.main}>
            <ModuleRoutes />
          </main>
          <ToastRegion />
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>,
  );
  return { root, reactRoot };
}
