/**
 * Processor time per loan contract PDF (the customer's signed agreement, fonts embedded as subsets):
 *
 *   pnpm --dir server exec tsx bench/contract-pdf.ts
 *
 * Renders BENCH_CONTRACTS (default 40) contracts in English, Arabic, Japanese and German in turn, after one
 * warm-up contract, and prints the process's processor time per contract and a hash of every PDF's bytes:
 * the hash is the same before and after a change that is only about speed (the documents are identical).
 */
import crypto from 'node:crypto';
import { renderContract, type ContractInput } from '../src/loans/contract/pdf';
import type { Lang } from '../src/loans/contract/texts';
import { signature } from '../src/loans/__tests__/helpers';

const count = Number(process.env.BENCH_CONTRACTS ?? 40);
const languages: Lang[] = ['en', 'ar', 'ja', 'de'];

const input = (language: Lang): ContractInput => ({
  agreementNumber: '0123456789abcdef0123456789abcdef',
  language,
  lender: 'SWX Platform Ltd.',
  signedAt: new Date(Date.UTC(2026, 10, 23, 10)),
  borrower: {
    firstName: language === 'ar' ? 'أحمد' : 'Mei',
    lastName: language === 'ar' ? 'المنصور' : '林',
    birthdate: '1990-04-12',
    documentType: 'passport',
    country: 'SG',
    address: '10 Anson Road, Singapore 079903',
    phone: '+65 81234567',
  },
  amount: '500',
  currency: 'USDT',
  term: 14,
  dailyRatePercent: '0.1',
  annualRatePercent: '36.5',
  interestFreeDays: 3,
  totalInterest: '5.50',
  totalRepayment: '505.50',
  aprPercent: '33.01',
  repaymentDate: '2026-12-07',
  dueTime: '23:59:59',
  timeZone: 'Asia/Singapore',
  overdueRatePercent: '0.15',
  overdueInterestPerDay: '0.75',
  overdueInterestCap: '500.00',
  overdueCapPercent: '100',
  overdueReminderDays: 7,
  withdrawalDays: 14,
  withdrawalInterestPerDay: '0.5',
  withdrawalAmountToday: '500.00',
  signature,
});

async function main(): Promise<void> {
  await renderContract(input('en'));
  const hash = crypto.createHash('sha256');
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++) hash.update(await renderContract(input(languages[i % languages.length]!)));
  const used = process.cpuUsage(started);
  process.stdout.write(
    `${count} contracts (${languages.join(', ')}): ${((used.user + used.system) / 1000 / count).toFixed(1)} ms of processor time each; PDFs ${hash.digest('hex').slice(0, 16)}\n`,
  );
}

void main();
