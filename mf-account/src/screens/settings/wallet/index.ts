export { WalletSettings } from './wallet-settings';
