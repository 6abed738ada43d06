import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
interface AxeMetadata {
  _audit?: {
    rules?: { id: string; any: unknown[]; all: unknown[]; none: unknown[] }[];
    data?: { checks?: Record<string, { impact?: Impact }> };
  };
}

const severe: ReadonlySet<Impact | undefined> = new Set(['serious', 'critical']);

/**
 * The axe-core rules whose every check is at most "moderate", read from the copy of axe-core that
 * @axe-core/playwright injects: a violation's impact is the highest of its failed checks', so these rules
 * can never report a serious or critical one. A rule with a check of unknown impact is kept.
 */
function rulesThatCannotBeSerious(): string[] {
  const fromAxePlaywright = createRequire(require.resolve('@axe-core/playwright'));
  const { _audit: audit } = fromAxePlaywright('axe-core') as AxeMetadata;
  const checks = audit?.data?.checks;
  if (!audit?.rules?.length || !checks)
    throw new Error("axe-core's rule metadata (_audit) is not where e2e/support/axe.ts reads it: revisit it");
  const checkId = (check: unknown) =>
    typeof check === 'string' ? check : ((check as { id?: string } | null)?.id ?? '');
  return audit.rules
    .filter((rule) =>
      [...rule.any, ...rule.all, ...rule.none].every((check) => {
        const impact = checks[checkId(check)]?.impact;
        return impact !== undefined && !severe.has(impact);
      }),
    )
    .map((rule) => rule.id);
}

let skipped: string[] | undefined;

/**
 * An axe-core run for the suites that assert serious and critical violations only (the fit check, the back
 * office, diagnostics, the trading workspace): the rules that cannot report one are not run, and only
 * violations are gathered (axe's `resultTypes`; passes and incomplete results are not collected node by
 * node). What these suites can find is unchanged; each run takes about a third less of the renderer's time
 * (docs/performance.md, "The test command"). Suites that refuse every violation use `AxeBuilder` directly.
 */
export function seriousAxe(page: Page): AxeBuilder {
  skipped ??= rulesThatCannotBeSerious();
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).disableRules(skipped);
}
