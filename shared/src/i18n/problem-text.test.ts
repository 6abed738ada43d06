import { ApiError } from '../api/api-error';
import { createI18n } from './create-i18n';
import { problemText } from './problem-text';

const i18n = createI18n('en');
i18n.addResourceBundle('en', 'trading', { order: { priceRequired: 'Enter the limit price {{max}}' } });
const t = i18n.getFixedT('en', 'trading') as unknown as (
  key: string,
  options?: Record<string, unknown>,
) => string;

describe('problemText', () => {
  it('is nothing for no problem', () => {
    expect(problemText(undefined, t)).toBeUndefined();
    expect(problemText(null, t)).toBeUndefined();
  });

  it('reads a bare key in the caller’s namespace and a prefixed one in the SDK’s, with values', () => {
    expect(problemText({ key: 'order.priceRequired', values: { max: '9' } }, t)).toBe(
      'Enter the limit price 9',
    );
    expect(problemText({ key: 'common:validation.amountIncorrect' }, t)).toBe('Amount incorrect');
  });

  it('words an API error through the catalogue', () => {
    expect(problemText({ error: new ApiError('10011', 'refused', 422) }, t)).toMatch(/^Insufficient balance/);
    expect(problemText({ error: new Error('boom') }, t)).toBe('Unknown error');
  });
});
