import Decimal from 'decimal.js';
import {
  errors,
  type FundLendingCapitalBody,
  type FundPlanReserveBody,
  type SetMarketOptionTermsBody,
  type SetPlanTermsBody,
} from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { requirePostable } from '../ledger/precision';
import type { LoansService } from '../loans/service';
import type { MarketsService } from '../markets/service';
import type { ParamsService } from '../params/service';
import type { PlansService } from '../plans/service';
import { checkProduct } from '../plans/rules';
import type { ChangeDecision, ChangeRequests } from '../staff/changes';
import type { StaffManagement } from '../staff/staff-management';

/** What an approved change's own audit row says about who made it and who checked it. */
const madeAndChecked = (decision: ChangeDecision) => ({
  changeId: decision.changeId,
  requestedBy: decision.requestedBy,
  approvalReason: decision.approvalReason,
});

export interface ChangeKindParts {
  params: ParamsService;
  markets: Pick<MarketsService, 'checkOptionTerms' | 'setOptionTerms'>;
  plans: Pick<PlansService, 'catalogue'>;
  loans: Pick<LoansService, 'lendingBook' | 'fundLendingCapital'>;
  staffManagement: StaffManagement;
}

/**
 * The settings that move money or risk, as maker-checker kinds (docs/security.md): parameters that are not
 * editorial (fees, limits, four-eyes thresholds, the KYC gate, stale windows, loan and option terms,
 * switches), a market's option terms, a plan's terms, and a member's roles — made and checked by admins —
 * and the funding of the plan reserve and of the lending book, which move owners' money and so are made and
 * checked by finance. Purely
 * editorial changes (content, NFT listings, links) stay one step and are not here.
 */
export function registerChangeKinds(changes: ChangeRequests, parts: ChangeKindParts): void {
  const { params, markets, plans, loans, staffManagement } = parts;

  changes.register<{ key: string; value: string }>('param', {
    role: 'admin',
    prepare: async ({ key, value }) => {
      const { before, after } = params.check(key, value);
      if (params.isEditorial(key))
        throw new AppError(errors.invalidRequest, `Parameter ${key} is editorial: it changes in one step`);
      return { target: `param:${key}`, summary: { title: `Parameter ${key}`, before, after } };
    },
    apply: async (unit, { key, value }, decision) => {
      await params.set(
        key,
        value,
        { staffId: decision.approvedBy.staffId, reason: decision.reason, details: madeAndChecked(decision) },
        unit,
      );
    },
  });

  changes.register<{ code: string; terms: SetMarketOptionTermsBody }>('option-terms', {
    role: 'admin',
    prepare: async ({ code, terms }) => {
      const checked = markets.checkOptionTerms(code, terms);
      return {
        target: `market:${checked.code}`,
        summary: { title: `Option terms of ${checked.code}`, before: checked.before, after: checked.after },
      };
    },
    apply: async (unit, { code, terms }, decision) => {
      await markets.setOptionTerms(code, terms, decision.approvedBy.staffId, unit, madeAndChecked(decision));
    },
  });

  changes.register<{ productId: string; terms: SetPlanTermsBody }>('plan-terms', {
    role: 'admin',
    prepare: async ({ productId, terms }) => {
      const problem = checkProduct(terms);
      if (problem) throw new AppError(errors.invalidRequest, problem);
      const product = (await plans.catalogue.list()).find((p) => p.id === productId);
      if (!product) throw new AppError(errors.notFound);
      const shown = (p: SetPlanTermsBody | typeof product) => ({
        terms: p.terms,
        minAmount: p.minAmount,
        maxAmount: p.maxAmount,
        exitDamagesRate: p.exitDamagesRate,
        enabled: p.enabled,
      });
      return {
        target: `plan_product:${productId}`,
        summary: { title: `Terms of ${product.name}`, before: shown(product), after: shown(terms) },
      };
    },
    // Joins the approval's unit of work (the catalogue runs its change as a unit).
    apply: async (_unit, { productId, terms }, decision) => {
      await plans.catalogue.setTerms(decision.approvedBy, productId, terms);
    },
  });

  changes.register<FundPlanReserveBody>('plan-reserve', {
    role: 'finance',
    prepare: async (body) => {
      if (new Decimal(body.amount).isZero())
        throw new AppError(errors.amountIncorrect, 'The amount must be greater than 0').onField(
          'amount',
          'positive',
        );
      requirePostable(body.amount, body.currency);
      const reserve = await plans.catalogue.reserve(body.currency);
      return {
        target: `plan_reserve:${body.currency}`,
        summary: {
          title: `Fund the ${body.currency} plan reserve`,
          before: { balance: reserve.balance, obligations: reserve.obligations },
          after: { add: body.amount },
        },
      };
    },
    apply: async (_unit, body, decision) => {
      await plans.catalogue.fundReserve(decision.approvedBy, body);
    },
  });

  changes.register<FundLendingCapitalBody>('lending-capital', {
    role: 'finance',
    prepare: async (body) => {
      if (new Decimal(body.amount).isZero()) throw new AppError(errors.amountIncorrect);
      const book = await loans.lendingBook();
      requirePostable(body.amount, book.currency);
      return {
        target: `lending_book:${book.currency}`,
        summary: {
          title: `Fund the ${book.currency} lending book`,
          before: { capitalFunded: book.capitalFunded, available: book.available },
          after: { add: body.amount },
        },
      };
    },
    // Joins the approval's unit of work (the book runs its entry as a unit).
    apply: async (_unit, body, decision) => {
      await loans.fundLendingCapital(decision.approvedBy, body);
    },
  });

  changes.register('staff-roles', staffManagement.rolesChangeKind());
}
