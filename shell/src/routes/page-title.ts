import { matchPath } from 'react-router-dom';

/** The keys under `shell:title` naming each page. */
export type PageTitleKey =
  | 'home'
  | 'market'
  | 'currency'
  | 'trading'
  | 'loan'
  | 'nfts'
  | 'profile'
  | 'balance'
  | 'settings'
  | 'security'
  | 'deposit'
  | 'withdraw'
  | 'records'
  | 'invite'
  | 'notifications'
  | 'help'
  | 'faq'
  | 'notices'
  | 'register'
  | 'login'
  | 'reset'
  | 'detail'
  | 'introduction'
  | 'wallet'
  | 'secondFactor'
  | 'notMe'
  | 'signingIn'
  | 'staff'
  | 'notFound';

/**
 * Every customer page, one exact pattern each (seed §2's route list and the modules' own routes): a path
 * none of them matches has no page, and the shell shows its not-found page there. The back office routes
 * its own sub-paths (an unknown one goes to its dashboard), so it keeps one pattern for all of them.
 */
export const pageTitles: readonly (readonly [string, PageTitleKey])[] = [
  ['/', 'home'],
  ['/market', 'market'],
  ['/cruuency', 'currency'],
  ['/trading', 'trading'],
  ['/loan', 'loan'],
  ['/nfts', 'nfts'],
  ['/profile', 'profile'],
  ['/profile/balance', 'balance'],
  ['/profile/settings', 'settings'],
  ['/profile/security', 'security'],
  ['/profile/notification', 'notifications'],
  ['/profile/deposit', 'deposit'],
  ['/profile/withdraw', 'withdraw'],
  ['/profile/records', 'records'],
  ['/profile/invite', 'invite'],
  ['/help', 'help'],
  ['/help/faq', 'faq'],
  ['/help/notice', 'notices'],
  ['/detail', 'detail'],
  ['/introduction', 'introduction'],
  ['/pass/login', 'login'],
  ['/pass/register', 'register'],
  ['/pass/reset', 'reset'],
  ['/pass/wallet', 'wallet'],
  ['/pass/2fa', 'secondFactor'],
  ['/pass/not-me', 'notMe'],
  ['/api/loginCallback/:provider', 'signingIn'],
  ['/staff', 'staff'],
  ['/staff/*', 'staff'],
];

/** The page a path shows, for the window title; `notFound` when the site has no page there. */
export function pageTitleKey(pathname: string): PageTitleKey {
  const found = pageTitles.find(([path]) => matchPath({ path, end: true, caseSensitive: false }, pathname));
  return found ? found[1] : 'notFound';
}
