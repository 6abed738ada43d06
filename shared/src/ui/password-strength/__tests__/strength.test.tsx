import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { commonResources } from '../../../i18n/common-resources';
import { createI18n } from '../../../i18n/create-i18n';
import { estimateStrength, StrengthMeter, type Strength } from '..';

// The dictionary is large to parse on first use when the machine is loaded.

describe('estimateStrength (the server’s rule, before submitting)', () => {
  it.each(['password1', 'qwerty123'])('%s is common and not acceptable', async (password) => {
    await expect(estimateStrength(password, [])).resolves.toMatchObject({
      acceptable: false,
      reason: 'common',
    });
  });

  it("names the customer's own words", async () => {
    const strength = await estimateStrength('marigold_77a', ['marigold_77', 'june@example.com']);
    expect(strength).toMatchObject({ acceptable: false, reason: 'personal' });
  });

  it('accepts a long unpredictable password', async () => {
    await expect(estimateStrength('Granite-otter-58', ['alice_01'])).resolves.toMatchObject({
      acceptable: true,
      reason: null,
    });
  });
});

describe('StrengthMeter', () => {
  const weak: Strength = { score: 0, acceptable: false, reason: 'pattern' };

  it('shows nothing before a password is judged', () => {
    const i18n = createI18n('en');
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <StrengthMeter strength={null} />
      </I18nextProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('says the level and the reason with the SDK’s strings', () => {
    const i18n = createI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <StrengthMeter strength={weak} id="meter" />
      </I18nextProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('id', 'meter');
    expect(status).toHaveAttribute('data-score', '0');
    expect(status).toHaveTextContent(
      'Password strength: Very weak. It follows a pattern (keyboard row, sequence, repeat or date).',
    );
  });

  it('has every level and reason in all ten languages', () => {
    for (const [lang, strings] of Object.entries(commonResources)) {
      const { strength } = strings;
      expect([lang, Object.keys(strength.level).sort()]).toEqual([lang, ['0', '1', '2', '3', '4']]);
      expect([lang, Object.keys(strength.reason).sort()]).toEqual([
        lang,
        ['common', 'guessable', 'pattern', 'personal'],
      ]);
      expect(strength.label).toContain('{{level}}');
    }
  });
});
