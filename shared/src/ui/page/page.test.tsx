import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ChoiceGroup, SelectField } from '../form';
import { Page, PageBack, Section } from '.';

describe('Page and Section', () => {
  it('gives the page one h1, the back link, a lead and actions, and names each section by its heading', () => {
    render(
      <MemoryRouter>
        <Page
          title="Deposit"
          lead="Crypto only"
          before={<PageBack to="/profile">Back</PageBack>}
          actions={<button type="button">Help</button>}
        >
          <Section title="Coin">coins</Section>
          <Section title="History" id="history" actions={<button type="button">Export</button>}>
            rows
          </Section>
          <Section>untitled</Section>
        </Page>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Deposit']);
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/profile');
    expect(screen.getByText('Crypto only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Help' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Coin' })).toHaveTextContent('coins');
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveAttribute('aria-labelledby', 'history');
    expect(history).toContainElement(screen.getByRole('button', { name: 'Export' }));
    // A section without a heading is not announced as a named region.
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });
});

describe('form fields', () => {
  it('chooses one chip, says why a choice is missing, and can be disabled', async () => {
    function Harness({ disabled }: { disabled?: boolean }) {
      const [value, setValue] = useState<'ETH' | 'BTC' | ''>('');
      return (
        <ChoiceGroup
          legend="Coin"
          name="coin"
          value={value}
          options={[
            { value: 'ETH', label: 'Ether', hint: 'ERC-20 network' },
            { value: 'BTC', label: 'Bitcoin' },
          ]}
          onChange={setValue}
          error={value === '' ? 'Choose a coin' : undefined}
          disabled={disabled}
        />
      );
    }
    const { unmount } = render(<Harness />);
    const group = screen.getByRole('group', { name: 'Coin' });
    expect(group).toHaveAccessibleDescription('Choose a coin');
    await userEvent.click(screen.getByRole('radio', { name: /Ether/ }));
    expect(screen.getByRole('radio', { name: /Ether/ })).toBeChecked();
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    render(<Harness disabled />);
    await userEvent.click(screen.getByRole('radio', { name: 'Bitcoin' }));
    expect(screen.getByRole('radio', { name: 'Bitcoin' })).not.toBeChecked();
  });

  it('offers a native select with a placeholder that is not a choice, and its error', async () => {
    const changes: string[] = [];
    render(
      <SelectField
        label="Term"
        value=""
        placeholder="Choose a term"
        options={[
          { value: '7', label: '7 days' },
          { value: '14', label: '14 days' },
        ]}
        onChange={(value) => changes.push(value)}
        error="A term is required"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Term' });
    expect(select).toHaveAccessibleDescription('A term is required');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('option', { name: 'Choose a term' })).toBeDisabled();
    await userEvent.selectOptions(select, '14');
    expect(changes).toEqual(['14']);
  });
});
