import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentPageDetail, ParamDetail, StaffNftListing } from '@swx/shared/contract';
import { callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';
import { auditQuery } from '../audit';
import { exportQuery } from '../audit-integrity';
import { FileAnswer } from '../../../test-support';
import { parsePeriods } from '../markets';
import { parseTerms } from '../plans';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

const feeParam = {
  key: 'trade_fee_rate',
  value: '0.001',
  public: false,
  description: 'Trading fee rate',
  updatedAt: '2026-11-20T00:00:00.000Z',
  updatedBy: 'admin',
};

function paramDetail(value = '0.001'): ParamDetail {
  return {
    param: {
      ...feeParam,
      value,
      updatedAt: value === '0.001' ? feeParam.updatedAt : '2026-11-27T06:00:00.000Z',
    },
    definition: { type: 'decimal', min: '0', max: '0.1', pattern: null, defaultValue: '0.001' },
    history:
      value === '0.001'
        ? []
        : [
            {
              at: '2026-11-27T06:00:00.000Z',
              staffId: '7',
              staffUsername: 'rita',
              from: '0.001',
              to: value,
              reason: 'Promotion',
            },
          ],
  };
}

describe('parameters', () => {
  it('asks for a change with a reason: a second admin approves it (maker-checker)', async () => {
    site = createStaffSite(
      {
        'GET /params': [feeParam],
        'GET /params/trade_fee_rate': paramDetail(),
        'PUT /params/trade_fee_rate': (call: { body: { value: string; reason: string } }) => ({
          param: feeParam,
          pendingChange: {
            id: '12',
            kind: 'param',
            target: 'param:trade_fee_rate',
            role: 'admin',
            summary: { title: 'Parameter trade_fee_rate', before: '0.001', after: call.body.value },
            reason: call.body.reason,
            status: 'pending',
            requestedBy: '7',
            requestedByUsername: 'rita',
            requestedAt: '2026-11-27T06:00:00.000Z',
            decidedBy: null,
            decidedByUsername: null,
            decidedAt: null,
            decisionReason: null,
          },
        }),
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/operations/params/trade_fee_rate');
    expect(await screen.findByText('Decimal · at least 0 · at most 0.1')).toBeInTheDocument();
    expect(screen.getByText('Never changed.')).toBeInTheDocument();
    const input = screen.getByLabelText('New value');
    await userEvent.clear(input);
    await userEvent.type(input, '0.0008');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('From 0.001 to 0.0008.')).toBeInTheDocument();
    expect(within(dialog).getByText(/a second admin approves the change/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Promotion');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'PUT /params/trade_fee_rate')[0]?.body).toEqual({
        value: '0.0008',
        reason: 'Promotion',
      }),
    );
    expect(
      await screen.findByText('Change of trade_fee_rate sent for a second admin to approve.'),
    ).toBeInTheDocument();
  });
});

describe('content pages', () => {
  it('saves a draft and shows the sanitised HTML the server answered in a sandboxed preview', async () => {
    let detail: ContentPageDetail = { type: 2, slug: 'fees', lang: 'zh-CN', published: null, draft: null };
    site = createStaffSite(
      {
        'GET /content': [{ type: 2, slug: 'fees', translations: [], missing: ['zh-CN'] }],
        'GET /content/2/fees/zh-CN': () => detail,
        'PUT /content/2/fees/zh-CN': (call: { body: { title: string; body: string } }) => {
          detail = {
            ...detail,
            draft: {
              title: call.body.title,
              html: '<p>费用</p>',
              sort: 0,
              updatedAt: '2026-11-27T06:00:00.000Z',
              updatedBy: 'rita',
            },
          };
          return detail;
        },
      },
      { me: staffMe(['content']) },
    );
    renderStaff(site, '/staff/operations/content/2/fees/zh-CN');
    await userEvent.type(await screen.findByLabelText(/^Title/), '费用说明');
    await userEvent.type(screen.getByLabelText(/Body/), '<p>费用</p><script>alert(1)</script>');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const preview = await screen.findByTitle('Draft as customers will see it');
    expect(preview).toHaveAttribute('sandbox', '');
    expect(preview.getAttribute('srcdoc')).toBe('<p>费用</p>');
    expect(callsTo(site.calls, 'PUT /content/2/fees/zh-CN')[0]?.body).toEqual({
      title: '费用说明',
      body: '<p>费用</p><script>alert(1)</script>',
    });
    expect(screen.getByRole('button', { name: 'Publish the draft' })).toBeEnabled();
  });
});

describe('NFT listings', () => {
  const listing = (overrides: Partial<StaffNftListing>): StaffNftListing =>
    ({
      id: '1',
      title: 'Blue whale',
      creator: 'SWX',
      chain: 'Ethereum',
      contractAddress: '0x1',
      tokenId: '1',
      imageUrl: '/index/nftImage/1',
      description: 'A whale',
      charity: 'Ocean Trust',
      shipped: false,
      currency: 'USDT',
      startingBid: '100',
      currentBid: null,
      nextMinimumBid: '100',
      bidCount: 0,
      startsAt: '2026-11-28T00:00:00.000Z',
      endsAt: '2026-11-29T00:00:00.000Z',
      remainingSeconds: 0,
      status: 'upcoming',
      outcome: null,
      donated: '0',
      createdByStaffId: '7',
      createdAt: '2026-11-27T00:00:00.000Z',
      ...overrides,
    }) as StaffNftListing;

  it('cancels a listing before its first bid, with a reason; not after', async () => {
    site = createStaffSite(
      {
        'GET /nfts': [
          listing({}),
          listing({ id: '2', title: 'Red fox', bidCount: 3, currentBid: '150', status: 'live' }),
        ],
        'POST /nfts/1/cancel': listing({ outcome: 'cancelled' }),
      },
      { me: staffMe(['content']) },
    );
    renderStaff(site, '/staff/operations/nfts');
    const fox = (await screen.findByText('Red fox')).closest('tr')!;
    expect(within(fox).queryByRole('button', { name: 'Cancel listing' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel listing' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Artist withdrew');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel listing' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /nfts/1/cancel')[0]?.body).toEqual({ reason: 'Artist withdrew' }),
    );
  });
});

describe('operations helpers', () => {
  it('builds the audit query from the filled filters only', () => {
    expect(
      auditQuery({ action: ' review.deposit.approve ', staffId: 'x', target: '', from: '', to: '' }, 2),
    ).toEqual({
      page: 2,
      pageSize: 50,
      action: 'review.deposit.approve',
    });
    expect(
      auditQuery({ action: '', staffId: '7', target: 'customer:42', from: '', to: '' }, 1),
    ).toMatchObject({
      staffId: '7',
      target: 'customer:42',
    });
  });

  it('reads option periods and plan terms, refusing malformed pairs', () => {
    expect(parsePeriods('60:0.85, 300:0.9')).toEqual([
      { seconds: 60, rate: '0.85' },
      { seconds: 300, rate: '0.9' },
    ]);
    expect(parsePeriods('60:1.5')).toBeNull();
    expect(parseTerms('7:0.0005,30:0.0007')).toEqual([
      { days: 7, dailyRate: '0.0005' },
      { days: 30, dailyRate: '0.0007' },
    ]);
    expect(parseTerms('seven:0.1')).toBeNull();
    expect(parseTerms('')).toBeNull();
  });
});

describe('roles', () => {
  it('shows an admin the operations and staff sections, and a content member only theirs', async () => {
    site = createStaffSite({ 'GET /reviews': [], 'GET /corrections': [] }, { me: staffMe(['content']) });
    renderStaff(site, '/staff/team');
    expect(await screen.findByText('Your roles do not include this page')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office sections' });
    expect(within(nav).getByRole('link', { name: 'Content pages' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'NFT listings' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Parameters' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Deposits' })).toBeNull();
  });
});

describe('markets and option terms', () => {
  it('lists the markets that offer options and opens the chosen one, marking its own terms', async () => {
    const record = {
      code: 'ETHUSDT',
      override: { periods: [{ seconds: 60, rate: '0.8' }], stakeMin: null, stakeMax: null },
      effective: { periods: [{ seconds: 60, rate: '0.8' }], stakeMin: '10', stakeMax: '50000' },
    };
    site = createStaffSite(
      {
        'GET /markets/optionTerms': [
          { code: 'BTCUSDT', name: 'Bitcoin', type: 2, overridden: false },
          { code: 'ETHUSDT', name: 'Ethereum', type: 2, overridden: true },
        ],
        'GET /markets/ETHUSDT/optionTerms': record,
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/operations/markets');
    const picker = await screen.findByRole('combobox', { name: 'Market' });
    expect(
      within(picker).getByRole('option', { name: 'ETHUSDT · Ethereum · own terms' }),
    ).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: 'BTCUSDT · Bitcoin' })).toBeInTheDocument();
    await userEvent.selectOptions(picker, 'ETHUSDT');
    expect(await screen.findByRole('heading', { name: 'Option terms of ETHUSDT' })).toBeInTheDocument();
    expect(screen.getByLabelText('Periods of this market')).toHaveValue('60:0.8');
  });
});

describe('NFT listings', () => {
  it('asks for the description in English and offers every other customer language', async () => {
    site = createStaffSite({ 'GET /nfts': [] }, { me: staffMe(['content']) });
    renderStaff(site, '/staff/operations/nfts');
    const english = await screen.findByRole('textbox', { name: 'Description in English' });
    expect(english).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Description in Deutsch (optional)' })).not.toBeRequired();
    const arabic = screen.getByRole('textbox', { name: 'Description in العربية (optional)' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(screen.getAllByRole('textbox', { name: /^Description in / })).toHaveLength(10);
  });
});

describe('the audit log', () => {
  const emptyPage = { items: [], total: 0, page: 1, pageSize: 50 };

  it('verifies the chain and names the first broken entry; lists the daily anchors', async () => {
    let broken = false;
    site = createStaffSite(
      {
        'GET /audit': emptyPage,
        'GET /audit/anchors': [
          {
            day: '2026-11-26',
            lastSeq: '120',
            lastHash: 'ab'.repeat(32),
            rows: 40,
            createdAt: '2026-11-27T00:05:00.000Z',
          },
        ],
        'GET /audit/verify': () => ({
          ok: !broken,
          rowsChecked: 120,
          anchorsChecked: 1,
          lastSeq: '120',
          lastHash: 'ab'.repeat(32),
          firstBroken: broken ? { id: '57', seq: '57', problem: 'content', detail: 'x' } : null,
          checkedAt: '2026-11-27T08:00:00.000Z',
        }),
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/operations/audit');
    expect(await screen.findByRole('cell', { name: '2026-11-26' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify the chain' }));
    expect(await screen.findByTestId('audit-verified')).toHaveTextContent('120 entries and 1 daily anchors');
    broken = true;
    await userEvent.click(screen.getByRole('button', { name: 'Verify the chain' }));
    expect(await screen.findByTestId('audit-broken')).toHaveTextContent(
      'The chain is broken at entry 57 (position 57): its content no longer matches its hash.',
    );
  });

  it('exports a period as CSV, by actor and kind', async () => {
    site = createStaffSite(
      {
        'GET /audit': emptyPage,
        'GET /audit/anchors': [],
        'GET /audit/export': new FileAnswer(new Blob(['seq,id\n'], { type: 'text/csv' })),
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/operations/audit');
    const form = await screen.findByRole('form', { name: 'Export' });
    await userEvent.click(within(form).getByRole('button', { name: 'Download' }));
    expect(await within(form).findByText('Choose the start and end of the period.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/^From/), '2026-11-01T00:00');
    await userEvent.type(within(form).getByLabelText(/^To/), '2026-11-30T00:00');
    await userEvent.type(within(form).getByLabelText(/Staff member id/), '7');
    await userEvent.type(within(form).getByLabelText(/Kind of action/), 'param.*');
    await userEvent.click(within(form).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(callsTo(site!.calls, 'GET /audit/export')).toHaveLength(1));
    const query = callsTo(site.calls, 'GET /audit/export')[0]!.query;
    expect(query.get('format')).toBe('csv');
    expect(query.get('staffId')).toBe('7');
    expect(query.get('action')).toBe('param.*');
    expect(query.get('from')).toBe(new Date('2026-11-01T00:00').toISOString());
    expect(exportQuery({ format: 'json', from: '', to: 'x', staffId: '', action: '' })).toBe(
      'audit.periodNeeded',
    );
  });
});
