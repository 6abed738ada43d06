import en from '../locales/en.json';
import { pageTitleKey, pageTitles } from './page-title';
import { moduleForPath } from './route-table';

describe('page titles', () => {
  it('names every customer page differently (the back office is one title for its own pages)', () => {
    const customerKeys = pageTitles.filter(([path]) => !path.startsWith('/staff')).map(([, key]) => key);
    expect(new Set(customerKeys).size).toBe(customerKeys.length);
    const texts = [...new Set(pageTitles.map(([, key]) => key)), 'notFound' as const].map(
      (key) => en.title[key],
    );
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('lists only pages a module serves', () => {
    for (const [path] of pageTitles) {
      const sample = path.replace(':provider', 'google').replace('/*', '/reviews');
      expect(moduleForPath(sample)).not.toBeNull();
    }
  });

  it.each([
    ['/profile/withdraw', 'withdraw'],
    ['/profile/withdraw/', 'withdraw'],
    ['/PROFILE/Deposit', 'deposit'],
    ['/staff/reviews/deposit/4', 'staff'],
    ['/profile/unknown', 'notFound'],
    ['/market/extra', 'notFound'],
    ['/pass', 'notFound'],
  ])('%s → %s', (path, key) => {
    expect(pageTitleKey(path)).toBe(key);
  });
});
