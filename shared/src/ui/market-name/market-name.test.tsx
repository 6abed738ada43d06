import { act, render, screen } from '@testing-library/react';
import { commonResources } from '../../i18n/common-resources';
import { createI18n, type I18n } from '../../i18n/create-i18n';
import { languages } from '../../i18n/languages';
import { useMarketName } from '../../i18n/market-names';
import { MarketName } from './market-name';

let i18n: I18n;

beforeEach(async () => {
  i18n = createI18n('en');
  for (const lang of languages) i18n.addResourceBundle(lang, 'common', commonResources[lang], true, true);
  await i18n.changeLanguage('de');
});

function SparklineLabel({ code, name }: { code: string; name: string }) {
  const nameOf = useMarketName();
  return <p aria-label={`Chart of ${nameOf(code, name)}`}>chart</p>;
}

describe('MarketName', () => {
  it('shows the local name as the page’s own text', () => {
    render(<MarketName code="XAGUSD" name="Silver" testId="name" className="strong" />);
    const name = screen.getByTestId('name');
    expect(name).toHaveTextContent('Silber');
    expect(name).not.toHaveAttribute('lang');
    expect(name).not.toHaveAttribute('translate');
    expect(name).toHaveClass('strong');
  });

  it('marks the catalogue’s English proper name as English and not to be translated', () => {
    render(<MarketName code="BTCUSDT" name="Bitcoin" testId="name" />);
    const name = screen.getByTestId('name');
    expect(name).toHaveTextContent('Bitcoin');
    expect(name).toHaveAttribute('lang', 'en');
    expect(name).toHaveAttribute('translate', 'no');
  });

  it('follows a language switch', async () => {
    render(<MarketName code="BTCUSDT" name="Bitcoin" testId="name" />);
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByTestId('name')).toHaveTextContent('بيتكوين');
    expect(screen.getByTestId('name')).not.toHaveAttribute('lang');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('name')).toHaveTextContent('Bitcoin');
    expect(screen.getByTestId('name')).not.toHaveAttribute('translate');
  });
});

describe('useMarketName', () => {
  it('names the market in the page’s language for labels, and follows a switch', async () => {
    render(<SparklineLabel code="CL" name="Crude Oil WTI" />);
    expect(screen.getByLabelText('Chart of Rohöl WTI')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh-TW'));
    expect(screen.getByLabelText('Chart of WTI原油')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    render(<SparklineLabel code="TSLA" name="Tesla" />);
    expect(screen.getByLabelText('Chart of Tesla')).toBeInTheDocument();
  });
});
