export { WalletSignIn } from './wallet-sign-in';
export { WalletSignUpScreen } from './wallet-sign-up';
