import { ApiError } from '../api/api-error';
import { catalogueCodes } from '../contract/catalogue';
import { ImageError } from '../ui/image-picker/prepare-image';
import { createI18n } from './create-i18n';
import { languageReady } from './language-loading';
import { errorMessageKey, messageForError } from './error-messages';

describe('messageForError', () => {
  const i18n = createI18n('en');
  const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;

  it('maps every catalogue code to its own text', () => {
    for (const code of catalogueCodes) {
      expect(errorMessageKey(new ApiError(code, 'x', 400))).toBe(`codes.${code}`);
    }
    expect(messageForError(new ApiError('10006', 'Username already exists', 409), t)).toBe(
      'Username already exists',
    );
  });

  it('tells the customer to check the order list after an order call timed out', () => {
    expect(messageForError(new ApiError('timeout', '', 0, { orderCall: true }), t)).toBe(
      'Network timeout, check the order list',
    );
    expect(messageForError(new ApiError('timeout', '', 0), t)).toBe('Network timeout, please try again');
  });

  it('has texts for network failures, unknown codes and foreign errors', () => {
    expect(messageForError(new ApiError('network', '', 0), t)).toMatch(/Network error/);
    expect(messageForError(new ApiError('99999', 'new', 400), t)).toBe('Unknown error');
    expect(messageForError(new Error('boom'), t)).toBe('Unknown error');
  });

  it('names the wait of a retry whose earlier request is still being processed (Retry-After)', () => {
    const retry = new ApiError('11190', 'still processing', 409, { retryAfterSeconds: 24 });
    expect(messageForError(retry, t)).toBe(
      'Your earlier request is still being processed, please try again in 24 s',
    );
    expect(messageForError(new ApiError('11190', 'still processing', 409), t)).toMatch(/in 30 s$/);
  });

  it('explains image errors with their limit', () => {
    expect(messageForError(new ImageError('imageSize', 50), t)).toBe('The image cannot exceed 50 MB');
    expect(messageForError(new ImageError('imageFormat'), t)).toMatch(/JPG, JPEG 2000 or PNG/);
  });

  it('reads from the common namespace even with a module-bound t', () => {
    i18n.addResourceBundle('en', 'mf-test', { hello: 'Hello' });
    const moduleT = i18n.getFixedT('en', 'mf-test') as unknown as (
      key: string,
      options?: Record<string, unknown>,
    ) => string;
    expect(messageForError(new ApiError('30000', '', 409), moduleT)).toBe('Do not submit repeatedly');
  });

  it('speaks the active language', async () => {
    await languageReady(i18n, 'ja');
    await i18n.changeLanguage('ja');
    expect(messageForError(new ApiError('timeout', '', 0, { orderCall: true }), t)).toBe(
      'ネットワークがタイムアウトしました。注文一覧をご確認ください',
    );
    await i18n.changeLanguage('en');
  });
});
