/**
 * The error and success catalogue: one place for every code the API answers with.
 * The seed's codes keep their numbers; our additions are marked and documented in docs/decisions.md.
 * `message` is the English text the server sends; clients translate by code (i18n key `codes.<code>`).
 */
export const catalogue = {
  '200': { status: 200, message: 'Success' },
  // Generic HTTP-shaped codes (the seed already uses 401 and "unknown error" this way).
  '400': { status: 400, message: 'Invalid request' },
  '401': { status: 401, message: 'Unauthorised, please log in' },
  '403': { status: 403, message: 'Not allowed' },
  '404': { status: 404, message: 'Not found' },
  '413': { status: 413, message: 'Request too large' },
  '415': { status: 415, message: 'Unsupported content type' },
  '429': { status: 429, message: 'Too many requests, please try again later' },
  '500': { status: 500, message: 'Unknown error' },
  '503': { status: 503, message: 'Service unavailable, please try again later' },
  // Seed catalogue (platform-spec §8).
  '10001': { status: 400, message: 'Enter username or e-mail' },
  '10002': { status: 400, message: 'E-mail incorrect' },
  '10003': { status: 400, message: 'Username input error' },
  // 400, not 401: the client clears the session on any HTTP 401, and a mistyped old password must not sign out.
  '10004': { status: 400, message: 'Password incorrect' },
  '10005': { status: 403, message: 'Abnormal user status' },
  '10006': { status: 409, message: 'Username already exists' },
  '10007': { status: 409, message: 'E-mail already exists' },
  '10008': { status: 403, message: 'Wrong user status' },
  '10009': { status: 404, message: 'User not found' },
  '10010': { status: 422, message: 'Smart trading product incorrect' },
  '10011': { status: 422, message: 'Insufficient balance: deposit or release the deposit before purchase' },
  '10012': { status: 422, message: 'No matching days' },
  '10013': { status: 422, message: 'Investment amount wrong' },
  '10014': { status: 422, message: 'Options product incorrect' },
  '10015': { status: 422, message: 'Not currently tradable' },
  '10016': { status: 422, message: 'Purchase amount incorrect' },
  '10017': { status: 422, message: 'No matching period' },
  '10018': { status: 404, message: 'Failed to obtain system parameters' },
  '10019': { status: 422, message: 'User authentication status incorrect' },
  '10020': { status: 422, message: 'Collection status incorrect' },
  '10021': { status: 400, message: 'Receiving address not filled' },
  '10022': { status: 403, message: 'User not authenticated (real-name)' },
  '10023': { status: 422, message: 'Loan period set wrongly' },
  '10024': { status: 409, message: 'Same product already purchased' },
  '10025': { status: 400, message: 'Select a withdrawal method' },
  '10091': { status: 400, message: 'Verification code error' },
  '30000': { status: 409, message: 'Do not submit repeatedly' },
  // Our additions (documented in docs/decisions.md).
  '11001': { status: 400, message: 'Verification code expired, please request a new one' },
  '11002': { status: 429, message: 'Too many wrong codes, please request a new one' },
  '11003': { status: 400, message: 'The two passwords are inconsistent' },
  '11004': { status: 400, message: 'Password must be 8 to 64 characters with letters and digits' },
  '11005': { status: 400, message: 'Invite code not found' },
  '11006': {
    status: 403,
    message: 'Demo accounts cannot use this feature, please switch to the real account',
  },
  '11007': { status: 409, message: 'Terms changed, please review the new quote' },
  '11008': { status: 400, message: 'Image format incorrect: JPG, JPEG 2000 or PNG only' },
  '11009': { status: 413, message: 'Image too large' },
  '11010': { status: 400, message: 'Amount incorrect' },
  '11012': {
    status: 400,
    message: 'Password too easy to guess: avoid common passwords and your own name or e-mail',
  },
  // Wallet sign-in, Sign-In with Ethereum (11120–11129).
  '11120': { status: 400, message: 'The wallet sign-in message is not a valid sign-in request' },
  '11121': { status: 400, message: 'This sign-in message is for another site or network' },
  '11122': { status: 400, message: 'This sign-in request expired or was already used, please sign again' },
  '11123': { status: 400, message: 'The signature does not match the wallet address' },
  '11124': { status: 409, message: 'This wallet is already linked to an account' },
  '11125': { status: 400, message: 'Wallet sign-up expired, please sign in with your wallet again' },
  '11126': {
    status: 409,
    message: 'This wallet is your only way to sign in: set a password before unlinking it',
  },
  // Ledger (11020–11029).
  '11020': { status: 409, message: 'Held funds are insufficient: the hold was already released or settled' },
  // Markets (11030–11039).
  '11030': { status: 404, message: 'Market not found' },
  '11031': { status: 400, message: 'Chart interval not supported' },
  '11032': {
    status: 400,
    message: 'Chart time range incorrect: from must not be after to, at most 1000 candles',
  },
  '11033': { status: 422, message: 'Watchlist is full' },
  // Staff, parameters, uploads, content (11040–11059).
  '11040': { status: 400, message: 'Please choose an image to upload' },
  '11041': { status: 400, message: 'Parameter value invalid' },
  '11042': { status: 401, message: 'Staff username or password incorrect' },
  '11043': { status: 409, message: 'This record has already been decided' },
  '11044': { status: 429, message: 'Daily upload limit reached, please try again tomorrow' },
  // Trading (11060–11079).
  '11060': { status: 422, message: 'Leverage not available for this market' },
  '11061': {
    status: 422,
    message: 'Stop loss incorrect: below the entry price for a long, above it for a short',
  },
  '11062': {
    status: 422,
    message: 'Take profit incorrect: above the entry price for a long, below it for a short',
  },
  '11063': { status: 422, message: 'Stop loss must trigger before liquidation' },
  '11064': { status: 404, message: 'Order not found' },
  '11065': { status: 409, message: 'This order can no longer be changed' },
  '11066': { status: 400, message: 'A limit order needs a price; a market order takes none' },
  '11067': { status: 422, message: 'This market does not offer this kind of trading' },
  // Cashier, invites, notifications (11080–11099).
  '11080': { status: 422, message: 'Deposit below the minimum for this coin' },
  '11081': { status: 400, message: 'Coin or network not supported' },
  '11082': { status: 400, message: 'Transaction hash format incorrect for this network' },
  '11083': { status: 409, message: 'This transaction hash has already been submitted' },
  '11084': { status: 400, message: 'Address format incorrect for this network' },
  '11085': { status: 400, message: 'Card number incorrect' },
  '11086': { status: 400, message: 'Payee name and bank name are required' },
  '11087': {
    status: 409,
    message: 'A withdrawal must be approved before it is completed with a transaction reference',
  },
  // Smart plans (11100–11109).
  '11100': {
    status: 422,
    message: 'The plan reserve cannot cover this plan’s income at the moment: try a smaller amount or later',
  },
  '11101': { status: 409, message: 'This plan is no longer running' },
  // KYC and loans (11130–11139).
  '11130': { status: 400, message: 'Please complete all information' },
  '11131': { status: 400, message: 'Phone number incorrect for this area code' },
  '11132': { status: 422, message: 'You must be at least 18 years old' },
  '11133': { status: 400, message: 'Signature required: please sign in the box' },
  '11134': {
    status: 409,
    message: 'Only the information that failed review can be submitted again',
  },
  '11135': { status: 400, message: 'Personal information incorrect' },
  '11136': { status: 422, message: 'Loan amount outside the range on offer' },
  '11137': { status: 422, message: 'This loan would exceed your borrowing limit' },
  '11138': {
    status: 409,
    message:
      'The withdrawal period for this loan has ended: 14 days from signing, and only before the repayment date',
  },
  '11139': { status: 409, message: 'This loan cannot be repaid or withdrawn in its current state' },
  // Charity NFTs (11140–11149).
  '11140': { status: 404, message: 'NFT not found' },
  '11141': { status: 409, message: 'This auction is not open for bids: it has not started or has ended' },
  '11142': {
    status: 422,
    message: 'Bid too low: at least the starting bid, or one increment above the current bid',
  },
  '11143': {
    status: 400,
    message: 'Auction times incorrect: the end must be after the start and in the future',
  },
  // Withdrawals: the purchase wording of 10011 does not fit a withdrawal.
  '11159': {
    status: 422,
    message: 'The amount plus the withdrawal fee is more than your available balance',
  },
  // Back office: staff roles, two-factor, staff management, claims, four eyes (11160–11179).
  '11160': { status: 403, message: 'Your staff role does not allow this' },
  '11161': { status: 403, message: 'Set up two-factor sign-in before using the back office' },
  '11162': { status: 400, message: 'Authenticator code incorrect or already used' },
  '11163': { status: 400, message: 'This sign-in step expired or was already used, please sign in again' },
  '11164': { status: 409, message: 'Two-factor sign-in is already on for this account' },
  '11165': { status: 409, message: 'Start two-factor enrolment first' },
  '11166': { status: 409, message: 'You cannot disable your own account or remove your own admin role' },
  '11167': { status: 409, message: 'The last enabled admin must keep the admin role' },
  '11168': { status: 409, message: 'Another staff member is working on this record' },
  '11169': { status: 409, message: 'You do not hold a claim on this record' },
  '11170': { status: 409, message: 'You already approved this: a second staff member must approve it' },
  '11171': { status: 403, message: 'You cannot approve a request you made' },
  '11172': { status: 404, message: 'Staff member not found' },
  // Social sign-in, OpenID Connect (11110–11119).
  '11110': { status: 404, message: 'This sign-in method is not available' },
  '11111': { status: 400, message: 'This sign-in attempt expired or was already used, please start again' },
  '11112': { status: 400, message: "The provider's answer could not be verified, please start again" },
  '11113': { status: 400, message: 'Sign-in was cancelled at the provider' },
  '11114': { status: 409, message: 'This provider account is already linked to another customer' },
  '11115': { status: 409, message: 'This is your last way to sign in: add another one before removing it' },
  '11116': { status: 502, message: 'The sign-in provider cannot be reached, please try again later' },
  // Back office: customers, corrections, operations (11180–11189).
  '11181': { status: 422, message: "This correction would make the customer's balance negative" },
  '11182': { status: 404, message: 'Correction not found' },
  '11183': { status: 409, message: 'This listing has bids and can no longer be cancelled' },
  '11184': { status: 409, message: 'There is no draft to publish for this page and language' },
  '11185': { status: 404, message: 'Session not found' },
  '11186': { status: 409, message: 'The account already has this status' },
  // Platform (11190–11199).
  '11190': {
    status: 409,
    message: 'Your earlier request is still being processed, please try again in a few seconds',
  },
  // Customer account security (11200–11229).
  '11200': {
    status: 403,
    message: 'Confirm it is you first: a code from your authenticator app, a passkey or a code we e-mail you',
  },
  '11201': { status: 400, message: 'Code incorrect or already used' },
  '11202': { status: 400, message: 'This sign-in step expired or was already used, please sign in again' },
  '11203': { status: 409, message: 'Two-factor sign-in is already on' },
  '11204': { status: 409, message: 'Start setting up two-factor sign-in first' },
  '11205': { status: 409, message: 'Two-factor sign-in is not on' },
  '11206': { status: 400, message: 'This passkey is not registered with your SWX account' },
  '11207': { status: 400, message: "The passkey's answer could not be verified, please try again" },
  '11208': {
    status: 400,
    message:
      'This passkey reported a signature counter lower than before: it may have been copied, so it was refused',
  },
  '11209': { status: 400, message: 'This passkey request expired or was already used, please try again' },
  '11210': { status: 409, message: 'This way of confirming is not available for your account' },
  '11211': {
    status: 403,
    message: 'Withdrawals are locked for a while after a security change to your account',
  },
  '11212': {
    status: 422,
    message:
      'Withdrawals go only to confirmed addresses in your address book once their cooling-off period has passed',
  },
  '11213': { status: 409, message: 'This address is already in your address book' },
  '11214': { status: 404, message: 'Address book entry not found' },
  '11215': { status: 409, message: 'This address is already confirmed' },
  '11216': {
    status: 400,
    message: 'The anti-phishing code must be 4 to 20 letters or digits (single spaces allowed)',
  },
  '11217': { status: 400, message: 'Give the address a name of 1 to 40 characters' },
  '11218': { status: 400, message: 'This link expired or was already used' },
  '11219': {
    status: 400,
    message: 'This sign-in was started in another browser or has expired: please start it again here',
  },
  '11220': { status: 404, message: 'Security request not found' },
  '11221': { status: 422, message: 'Your address book is full: remove an address first' },
  '11222': { status: 422, message: 'You have the most passkeys allowed: remove one first' },
  '11223': { status: 400, message: 'Give the passkey a name of 1 to 40 characters' },
  // Identity data at rest (11240–11249): sealed data the server cannot open (a key missing from its keyring,
  // a damaged or moved record). Nothing about the data is said; the operator sees the reason in the log.
  '11240': {
    status: 503,
    message: 'This protected information cannot be shown right now, please contact support',
  },
  // Back office you can audit: segregation of duties, maker-checker, staff credentials, audit log (11300–11319).
  '11300': { status: 409, message: 'No staff member may hold both the admin and the finance role' },
  '11301': { status: 403, message: 'You cannot approve a change to your own roles' },
  '11302': {
    status: 403,
    message: 'You cannot approve a role change for a member you created in the last 24 hours',
  },
  '11303': { status: 403, message: 'Choose a new password before using the back office' },
  '11304': { status: 400, message: 'Staff passwords need 10 to 256 characters with letters and digits' },
  '11305': { status: 400, message: 'The new password must differ from the current one' },
  '11306': { status: 400, message: 'This password reset link has expired or was already used' },
  '11307': { status: 400, message: 'Recovery code incorrect or already used' },
  '11308': { status: 400, message: 'E-mailed code incorrect or expired: request a new one' },
  '11309': { status: 409, message: 'This staff member has no e-mail address on file' },
  '11310': {
    status: 403,
    message: 'After a two-factor reset, enrolment needs your password and the code e-mailed to you',
  },
  '11311': { status: 409, message: 'A change to this setting is already waiting for approval' },
  '11312': { status: 404, message: 'Pending change not found' },
  '11313': { status: 409, message: 'A new admin is named by a role change that a second admin approves' },
  '11314': { status: 403, message: 'The back office cannot be reached from this network' },
  '11315': { status: 422, message: 'Too many audit entries for one export: choose a shorter period' },
  // Money rules: overdue loans, the lending book, charity payouts, order minimums (11400–11419).
  '11400': { status: 409, message: 'You have an overdue loan: withdrawals are paused until it is repaid' },
  '11401': { status: 409, message: 'You have an overdue loan: repay it before borrowing again' },
  '11402': {
    status: 422,
    message: 'We cannot lend this amount at the moment: try a smaller amount or later',
  },
  '11403': { status: 422, message: 'This loan would exceed the most we lend to one customer at the moment' },
  '11404': { status: 409, message: 'Only an overdue loan can be written off' },
  '11405': { status: 422, message: 'The payout is more than the charity funds held' },
  '11406': { status: 409, message: 'A request for this is already waiting for a second approval' },
  '11407': { status: 422, message: 'Order size below this market’s minimum' },
  '11408': { status: 422, message: 'Order size is not a multiple of this market’s size step' },
  '11409': { status: 422, message: 'Order value below this market’s minimum' },
  // Ledger precision (docs/product.md): customer input finer than its currency's smallest unit.
  '11500': {
    status: 400,
    message: 'This amount has more decimal places than its currency allows (USDT and USDC 2, BTC and ETH 8)',
  },
  // The customer's data and account closure (11520–11539).
  '11520': { status: 403, message: 'This account is closed' },
  '11521': {
    status: 409,
    message: 'Withdraw or use your remaining balance before closing your account',
  },
  '11522': { status: 409, message: 'Close your open positions and cancel your open orders first' },
  '11523': {
    status: 409,
    message: 'Your smart plans are still running: exit them or wait for their end first',
  },
  '11524': {
    status: 409,
    message: 'Repay your loans, or wait for the loan under review to be decided, first',
  },
  '11525': {
    status: 409,
    message: 'You hold the leading bid in a live NFT auction: wait for it to end first',
  },
  '11526': { status: 409, message: 'A deposit or withdrawal is still being processed: wait for it first' },
  '11527': { status: 409, message: 'Your data is already being prepared: we will tell you when it is ready' },
  '11528': { status: 404, message: 'This download was not found or has expired: prepare a new one' },
  '11529': { status: 400, message: 'Type your username exactly as shown to confirm' },
  // Withdrawals sent from the hot wallet (11540–11549).
  '11540': {
    status: 409,
    message: 'This withdrawal is being sent on the chain: it can no longer be completed by hand or rejected',
  },
  // Success codes (sent as `message` with code "200").
  '20001': { status: 200, message: 'Submitted for review' },
  '20002': { status: 200, message: 'Deposit added and submitted for review' },
  '20003': { status: 200, message: 'Withdrawal added and submitted for review' },
  '20004': { status: 200, message: 'Purchase successful' },
  '20005': { status: 200, message: 'Modified successfully' },
} as const satisfies Record<string, { status: number; message: string }>;

export type CatalogueCode = keyof typeof catalogue;
export type SuccessCode = '20001' | '20002' | '20003' | '20004' | '20005';
export type ErrorCode = Exclude<CatalogueCode, '200' | SuccessCode>;

export const catalogueCodes = Object.keys(catalogue) as CatalogueCode[];

export function isCatalogueCode(code: string): code is CatalogueCode {
  return Object.prototype.hasOwnProperty.call(catalogue, code);
}

/**
 * The rule a field broke: `required` (missing), `format` (not the expected form: pattern, type, choice,
 * clean text), `minLength`/`maxLength` (text length), `minimum`/`maximum` (a number's bounds),
 * `minItems`/`maxItems` (a list's length), `positive` (an amount that must be above 0).
 */
export const fieldRules = [
  'required',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'positive',
] as const;
export type FieldRule = (typeof fieldRules)[number];

/** Which field a refusal is about, so a form can say what is wrong on the field itself. */
export interface FieldIssue {
  /** The field's path in the request, dotted: `amount`, `terms.0.days`. */
  field: string;
  rule: FieldRule;
  /** The bound the rule names (a length, a minimum), when it has one. */
  limit?: number;
}

/** The response envelope every endpoint answers with (docs/product.md, the API). */
export interface Envelope<T> {
  code: string;
  message: string;
  result: T | null;
  /**
   * On a refusal about input: the fields and the rules they broke (a request that failed validation, or a
   * service refusal that names its field). Absent otherwise.
   */
  fields?: FieldIssue[];
}
