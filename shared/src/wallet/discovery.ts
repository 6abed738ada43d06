/**
 * Wallet discovery in the browser: EIP-6963 (every installed wallet announces itself, so several can be
 * offered by name and icon), falling back to the single injected `window.ethereum` of older wallets and
 * wallet browsers. Only the EIP-1193 `request` method is used.
 */

/** The EIP-1193 surface this site needs. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
}

/** A wallet the customer can choose: EIP-6963 `info` (name, icon as a data URI, reverse-DNS id). */
export interface WalletChoice {
  /** Stable per page load: EIP-6963 uuid, or `injected` for `window.ethereum`. */
  id: string;
  name: string;
  /** A data URI, or null when the wallet gave none (the injected fallback). */
  icon: string | null;
  rdns: string | null;
  provider: Eip1193Provider;
}

interface AnnounceDetail {
  info?: { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown };
  provider?: Eip1193Provider;
}

/** Wallets answer `eip6963:requestProvider` synchronously in practice; this bounds a slow one. */
const ANNOUNCE_WAIT_MS = 300;

function isProvider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function'
  );
}

/** Icons are shown as `<img src>`: only data URIs of images, never a remote URL or script. */
function safeIcon(icon: unknown): string | null {
  return typeof icon === 'string' && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(icon)
    ? icon
    : null;
}

function choiceOf(detail: AnnounceDetail): WalletChoice | null {
  const { info, provider } = detail;
  if (!info || !isProvider(provider) || typeof info.uuid !== 'string' || typeof info.name !== 'string') {
    return null;
  }
  const name = info.name.trim().slice(0, 60);
  if (!name) return null;
  return {
    id: info.uuid,
    name,
    icon: safeIcon(info.icon),
    rdns: typeof info.rdns === 'string' ? info.rdns : null,
    provider,
  };
}

/**
 * The wallets present in this browser. Announced wallets come first, once each (by uuid, and by provider:
 * a wallet announcing twice is offered once); `window.ethereum` is added only when nothing announced.
 */
export function discoverWallets(target: Window = window, waitMs = ANNOUNCE_WAIT_MS): Promise<WalletChoice[]> {
  return new Promise((resolve) => {
    const found: WalletChoice[] = [];
    const onAnnounce = (event: Event) => {
      const choice = choiceOf(((event as CustomEvent<AnnounceDetail>).detail ?? {}) as AnnounceDetail);
      if (choice && !found.some((c) => c.id === choice.id || c.provider === choice.provider))
        found.push(choice);
    };
    target.addEventListener('eip6963:announceProvider', onAnnounce);
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    setTimeout(() => {
      target.removeEventListener('eip6963:announceProvider', onAnnounce);
      const injected = (target as Window & { ethereum?: unknown }).ethereum;
      if (found.length === 0 && isProvider(injected)) {
        found.push({ id: 'injected', name: '', icon: null, rdns: null, provider: injected });
      }
      resolve(found);
    }, waitMs);
  });
}
