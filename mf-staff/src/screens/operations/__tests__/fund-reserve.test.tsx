import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingChange } from '@swx/shared/contract';
import { Refusal, callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

const asked = (body: { currency: string; amount: string; reason: string }): PendingChange => ({
  id: '30',
  kind: 'plan-reserve',
  target: `plan_reserve:${body.currency}`,
  role: 'finance',
  summary: {
    title: `Fund the ${body.currency} plan reserve`,
    before: { balance: '0', obligations: '0' },
    after: { add: body.amount },
  },
  reason: body.reason,
  status: 'pending',
  requestedBy: '7',
  requestedByUsername: 'rita',
  requestedAt: '2026-11-27T06:00:00.000Z',
  decidedBy: null,
  decidedByUsername: null,
  decidedAt: null,
  decisionReason: null,
});

async function fill(amount: string, reason: string) {
  await userEvent.type(await screen.findByLabelText(/^Amount/), amount);
  await userEvent.type(screen.getByLabelText(/^Reason/), reason);
  await userEvent.click(screen.getByRole('button', { name: 'Fund' }));
}

describe('funding the plan reserve (finance, maker-checker)', () => {
  it('says what will be asked before sending; Cancel sends nothing, Confirm sends it for approval', async () => {
    site = createStaffSite(
      { 'POST /plans/reserve': (call: { body: never }) => asked(call.body) },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/plans');
    await fill('1000', 'Opening reserve');
    let dialog = await screen.findByRole('dialog', { name: 'Ask to fund the plan reserve?' });
    expect(dialog).toHaveAccessibleDescription(
      '1,000.00\u00a0USDT is asked to move from the platform’s capital to the USDT plan reserve. Nothing moves until a second finance member approves it under Changes to approve.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(site.calls, 'POST /plans/reserve')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Fund' }));
    dialog = await screen.findByRole('dialog', { name: 'Ask to fund the plan reserve?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /plans/reserve')[0]?.body).toEqual({
        currency: 'USDT',
        amount: '1000',
        reason: 'Opening reserve',
      }),
    );
    expect(
      await screen.findByText('Funding sent for a second finance member to approve.'),
    ).toBeInTheDocument();
  });

  it('refuses −5 on the amount field itself, without a call or a confirmation', async () => {
    site = createStaffSite({}, { me: staffMe(['finance']) });
    renderStaff(site, '/staff/operations/plans');
    await fill('-5', 'Opening reserve');
    const amount = screen.getByLabelText(/^Amount/);
    expect(amount).toBeInvalid();
    expect(amount).toHaveAccessibleDescription('Enter an amount greater than 0.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(site.calls, 'POST /plans/reserve')).toHaveLength(0);
  });

  it('puts the server’s validation details on the fields they name, not "Invalid request"', async () => {
    site = createStaffSite(
      {
        'POST /plans/reserve': new Refusal('400', 400, 'Invalid body: currency', [
          { field: 'currency', rule: 'format' },
        ]),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/plans');
    const currency = await screen.findByLabelText(/^Currency/);
    await userEvent.clear(currency);
    await userEvent.type(currency, 'US-DT');
    await fill('10', 'Top up');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send for approval' }),
    );
    await waitFor(() =>
      expect(currency).toHaveAccessibleDescription(
        'Enter a currency code in capital letters or digits (e.g. USDT).',
      ),
    );
    expect(screen.queryByText('Invalid request')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('falls back to the form’s alert for a refusal about no field it shows', async () => {
    site = createStaffSite(
      {
        'POST /plans/reserve': new Refusal('400', 400, 'Invalid body: terms', [
          { field: 'terms', rule: 'format' },
        ]),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/plans');
    await fill('10', 'Top up');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send for approval' }),
    );
    expect(await screen.findByText('Invalid request')).toBeInTheDocument();
  });
});
