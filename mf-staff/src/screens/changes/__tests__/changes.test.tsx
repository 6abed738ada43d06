import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingChange } from '@swx/shared/contract';
import { Refusal, callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';
import { shownValue } from '../changes';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

const change = (overrides: Partial<PendingChange>): PendingChange => ({
  id: '12',
  kind: 'param',
  target: 'param:trade_fee_rate',
  role: 'admin',
  summary: { title: 'Parameter trade_fee_rate', before: '0.001', after: '0.002' },
  reason: 'New fee schedule',
  status: 'pending',
  requestedBy: '8',
  requestedByUsername: 'omar',
  requestedAt: '2026-11-27T06:00:00.000Z',
  decidedBy: null,
  decidedByUsername: null,
  decidedAt: null,
  decisionReason: null,
  ...overrides,
});

describe('changes to approve', () => {
  it("approves another admin's change with a reason; the list follows", async () => {
    let decided = false;
    site = createStaffSite(
      {
        'GET /changes': (call: { query: URLSearchParams }) =>
          call.query.get('status') === 'pending' && !decided ? [change({})] : [],
        'POST /changes/12/approve': () => {
          decided = true;
          return change({ status: 'approved', decidedBy: '7', decisionReason: 'Checked' });
        },
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/changes');
    const row = (await screen.findByText('Parameter trade_fee_rate')).closest('tr')!;
    expect(within(row).getByText('New fee schedule')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve: Parameter trade_fee_rate' });
    expect(within(dialog).getByText('From 0.001 to 0.002.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Checked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /changes/12/approve')[0]?.body).toEqual({ reason: 'Checked' }),
    );
    expect(await screen.findByText('Change approved and applied.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
  });

  it('offers only a withdrawal of one’s own request, and shows a refusal in the dialog', async () => {
    site = createStaffSite(
      {
        'GET /changes': [change({ requestedBy: '7', requestedByUsername: 'rita' })],
        'POST /changes/12/reject': new Refusal('11043'),
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/changes');
    const row = (await screen.findByText('Parameter trade_fee_rate')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(row).getByText('Yours: another member decides.')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Typo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('This record has already been decided')).toBeInTheDocument();
  });

  it('shows decided changes with who decided and why, and values as text', async () => {
    site = createStaffSite(
      {
        'GET /changes': (call: { query: URLSearchParams }) =>
          call.query.get('status') === 'approved'
            ? [
                change({
                  kind: 'staff-roles',
                  summary: { title: 'Roles of lena', before: ['reviewer'], after: ['reviewer', 'content'] },
                  status: 'approved',
                  decidedBy: '9',
                  decidedByUsername: 'deputy',
                  decidedAt: '2026-11-27T07:00:00.000Z',
                  decisionReason: 'Agreed',
                }),
              ]
            : [],
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/changes');
    await userEvent.click(await screen.findByRole('button', { name: 'Approved' }));
    const row = (await screen.findByText('Roles of lena')).closest('tr')!;
    expect(within(row).getByText('Staff roles')).toBeInTheDocument();
    // Roles by their names in the member's language, not the raw list.
    expect(within(row).getByText('Reviewer, Content')).toBeInTheDocument();
    expect(within(row).getByText('Agreed')).toBeInTheDocument();
    expect(shownValue(null)).toBe('—');
    expect(shownValue('0.1')).toBe('0.1');
  });

  it('says what approving a reserve funding moves, with labelled figures and a title in the member’s words', async () => {
    site = createStaffSite(
      {
        'GET /changes': [
          change({
            kind: 'plan-reserve',
            target: 'plan_reserve:USDT',
            role: 'finance',
            summary: {
              title: 'Fund the USDT plan reserve',
              before: { balance: '0', obligations: '120.5' },
              after: { add: '5000' },
            },
            reason: 'Opening reserve',
          }),
        ],
      },
      { me: staffMe(['finance']), language: 'zh-CN' },
    );
    renderStaff(site, '/staff/changes');
    const row = (await screen.findByText('注资 USDT 计划准备金')).closest('tr')!;
    expect(within(row).getByText('应付客户').parentElement).toHaveTextContent('应付客户 120.50 USDT');
    expect(within(row).getByText('增加').parentElement).toHaveTextContent('增加 5,000.00 USDT');
    await userEvent.click(within(row).getByRole('button', { name: '批准' }));
    const dialog = await screen.findByRole('dialog', { name: '批准：注资 USDT 计划准备金' });
    expect(
      within(dialog).getByText('批准后，将立即从平台资本向 USDT 计划准备金转入 5,000.00 USDT。'),
    ).toBeInTheDocument();
  });

  it('is not offered to reviewers', async () => {
    site = createStaffSite({ 'GET /reviews': [] }, { me: staffMe(['reviewer']) });
    renderStaff(site, '/staff/changes');
    expect(await screen.findByText('Your roles do not include this page')).toBeInTheDocument();
  });
});
