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
  | 'signingIn'
  | 'staff';

/** Most specific first: the first pattern that matches names the page (seed §2's route list). */
const TITLES: readonly (readonly [string, PageTitleKey])[] = [
  ['/', 'home'],
  ['/market', 'market'],
  ['/cruuency', 'currency'],
  ['/trading', 'trading'],
  ['/loan', 'loan'],
  ['/nfts', 'nfts'],
  ['/profile/balance/*', 'balance'],
  ['/profile/invite/*', 'invite'],
  ['/profile/notification/*', 'notifications'],
  ['/profile/*', 'profile'],
  ['/help/faq/*', 'faq'],
  ['/help/notice/*', 'notices'],
  ['/help/*', 'help'],
  ['/detail', 'detail'],
  ['/introduction', 'introduction'],
  ['/pass/register', 'register'],
  ['/pass/reset', 'reset'],
  ['/pass/*', 'login'],
  ['/api/loginCallback/:provider', 'signingIn'],
  ['/staff/*', 'staff'],
];

/** The page a path shows, for the window title; an unknown path is about to redirect home. */
export function pageTitleKey(pathname: string): PageTitleKey {
  const found = TITLES.find(([path]) => matchPath({ path, end: true, caseSensitive: false }, pathname));
  return found ? found[1] : 'home';
}
