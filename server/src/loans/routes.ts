import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const tags = ['loans'];
const security = [{ token: [] }];

function sendContract(reply: FastifyReply, contract: { pdf: Buffer; sha256: string; id: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="swx-loan-${contract.id}.pdf"`)
    .header('content-length', String(contract.pdf.length))
    .header('x-content-sha256', contract.sha256)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(contract.pdf);
}

/** Loans under /swx/customer/user (docs/product.md, Loans). Real account and verified identity required. */
export const loansRoutes: FastifyPluginAsync = async (app) => {
  const { loans } = app.services;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  route(
    app,
    'loans.product',
    {
      ...auth,
      schema: { tags, summary: 'The loan terms on offer and what is left of the customer’s limit' },
    },
    async (request) => ok(await loans.product(request.customer)),
  );

  route(
    app,
    'loans.quote',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The pre-contract credit summary for an amount and term; sign it within 10 minutes',
        description:
          'Without verified KYC `10022`; demo `11006`; a term not on offer `10023`; an amount outside the range `11136`; over the per-customer limit `11137`; an overdue loan `11401`; beyond the lending capital `11402` or the exposure limit `11403`.',
      },
    },
    async (request) => ok(await loans.quote(request.customer, request.body)),
  );

  route(
    app,
    'loans.apply',
    {
      ...authOnce,
      schema: {
        tags,
        summary:
          'Signs a quote: the loan waits for staff review; the contract PDF is made from the signed terms',
        description:
          'A missing, used or expired quote, or terms that moved, answer `11007`; an empty signature `11133`.',
      },
    },
    async (request) => ok(await loans.apply(request.customer, request.body), successes.submittedForReview),
  );

  route(
    app,
    'loans.list',
    { ...auth, schema: { tags, summary: 'The customer’s loans, newest first, with today’s figures' } },
    async (request) => ok(await loans.list(request.customer, request.query.status)),
  );

  route(
    app,
    'loans.get',
    { ...auth, schema: { tags, summary: 'One loan with its schedule and the amount due today' } },
    async (request) => ok(await loans.get(request.customer, request.params.id)),
  );

  route(
    app,
    'loans.repay',
    {
      ...authOnce,
      schema: {
        tags,
        summary:
          'Repays a loan in full from the available balance (early: interest only beyond the free days)',
        description: 'Without funds `10011`; a closed or pending loan `11139`; a changed amount due `11007`.',
      },
    },
    async (request) => ok(await loans.repay(request.customer, request.body)),
  );

  route(
    app,
    'loans.withdraw',
    {
      ...authOnce,
      schema: {
        tags,
        summary:
          'Withdraws from a loan within 14 days of signing and before maturity: a pending loan is cancelled, a running one closed by repaying the principal plus the interest accrued per day since payout',
        description:
          'After 14 days or from maturity `11138`; without funds `10011`; a withdrawal amount that changed since it was shown `11007`.',
      },
    },
    async (request) => ok(await loans.withdraw(request.customer, request.body)),
  );

  route(
    app,
    'loans.contract',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Downloads the signed contract PDF (its SHA-256 in `X-Content-SHA256`)',
        security,
      },
    },
    async (request, reply) => sendContract(reply, await loans.contract(request.customer, request.params.id)),
  );
};

/**
 * Staff: a loan's contract (audited), the lending book and its capital, overdue loans and their write-offs
 * (a finance member asks, a different one approves).
 */
export const loansAdminRoutes: FastifyPluginAsync = async (app) => {
  const { loans, changes } = app.services;
  const staffAuth = { preValidation: app.authenticateStaff };
  const staffTags = ['staff'];

  route(
    app,
    'admin.lendingBook',
    {
      ...staffAuth,
      schema: {
        tags: staffTags,
        summary: 'The lending book: capital, lent out, overdue, written off',
        security,
      },
    },
    async () => ok(await loans.lendingBook()),
  );

  route(
    app,
    'admin.fundLendingCapital',
    {
      ...staffAuth,
      schema: {
        tags: staffTags,
        summary:
          'Asks to put owners’ capital into lending: a reasoned ledger entry made when a second finance member approves',
        security,
      },
    },
    async (request) =>
      ok(await changes.request('lending-capital', request.staff, request.body, request.body.reason)),
  );

  route(
    app,
    'admin.overdueLoans',
    {
      ...staffAuth,
      schema: { tags: staffTags, summary: 'Overdue loans with their write-off requests', security },
    },
    async () => ok(await loans.writeOffs.overdue()),
  );

  route(
    app,
    'admin.writeOffs',
    {
      ...staffAuth,
      schema: {
        tags: staffTags,
        summary: 'Past write-offs, newest first: loan, customer, what was given up, who asked and approved',
        description: 'A page or page size out of range `400`.',
        security,
      },
    },
    async (request) => ok(await loans.writeOffs.history(request.query)),
  );

  route(
    app,
    'admin.requestWriteOff',
    {
      ...staffAuth,
      schema: {
        tags: staffTags,
        summary: 'Asks for an overdue loan to be written off (a second finance member approves)',
        description: 'Not overdue `11404`; a request already waiting `11406`.',
        security,
      },
    },
    async (request) =>
      ok(await loans.writeOffs.request(request.staff, request.params.id, request.body.reason)),
  );

  route(
    app,
    'admin.approveWriteOff',
    {
      ...staffAuth,
      schema: {
        tags: staffTags,
        summary: 'Approves a write-off: the loan closes as written off, its unpaid principal goes to losses',
        description: 'By the member who asked `11171`; no request waiting `404`.',
        security,
      },
    },
    async (request) => ok(await loans.writeOffs.approve(request.staff, request.params.id)),
  );

  route(
    app,
    'admin.rejectWriteOff',
    {
      ...staffAuth,
      schema: { tags: staffTags, summary: 'Turns a write-off request down (nothing moves)', security },
    },
    async (request) =>
      ok(await loans.writeOffs.reject(request.staff, request.params.id, request.body.reason)),
  );

  route(
    app,
    'admin.loanContract',
    {
      preValidation: app.authenticateStaff,
      schema: { tags: ['staff'], summary: 'Downloads a loan contract PDF (audited)', security },
    },
    async (request, reply) =>
      sendContract(reply, await loans.staffContract(request.staff, request.params.id)),
  );
};
