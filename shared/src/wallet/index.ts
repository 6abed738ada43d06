/**
 * Wallet sign-in in the browser (Sign-In with Ethereum): discovery (EIP-6963, `window.ethereum`) and the
 * signed message. A subpath of the SDK (`@swx/shared/wallet`), so only the modules that sign in with a
 * wallet bundle it, and viem is loaded only when a wallet signs.
 */
export { discoverWallets, type Eip1193Provider, type WalletChoice } from './discovery';
export { signInMessage, WalletError, type WalletFailure } from './sign';
