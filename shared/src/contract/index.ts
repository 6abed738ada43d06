export * from './catalogue';
export * from './common';
export * from './markets';
export * from './order-limits';
export * from './candles';
export * from './auth';
// Wallet sign-in (Sign-In with Ethereum).
export * from './wallet';
export * from './admin';
export * from './params';
export * from './uploads';
export * from './content';
export * from './ledger';
export * from './trading';
export * from './cashier';
export * from './invites';
export * from './notifications';
export * from './records';
export * from './record-types';
export * from './error-names';
export * from './routes';
export * from './margin';
export * from './precision';
export * from './spot-rules';
export * from './order-checks';
export * from './plans';
// KYC and loans
export * from './kyc';
export * from './phone';
export * from './identity';
export * from './privacy';
export * from './loans';
// ---- nfts ----
export * from './nfts';
// Social sign-in (OpenID Connect).
export * from './social';
export * from './staff-reviews';
// Back office: customers, corrections, operations.
export * from './staff-customers';
export * from './staff-operations';
// Customer account security.
export * from './security';
// The back office you can audit: staff credentials, maker-checker, the audit chain.
export * from './staff-security';
// Money books: the lending book, write-offs, charity payouts.
export * from './money';
