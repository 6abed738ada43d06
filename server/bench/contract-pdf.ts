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
import { renderContract } from '../src/loans/contract/pdf';
import type { Lang } from '../src/loans/contract/texts';
import { contractInput } from '../src/loans/__tests__/helpers';

const count = Number(process.env.BENCH_CONTRACTS ?? 40);
const languages: Lang[] = ['en', 'ar', 'ja', 'de'];

async function main(): Promise<void> {
  await renderContract(contractInput('en'));
  const hash = crypto.createHash('sha256');
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++)
    hash.update(await renderContract(contractInput(languages[i % languages.length]!)));
  const used = process.cpuUsage(started);
  process.stdout.write(
    `${count} contracts (${languages.join(', ')}): ${((used.user + used.system) / 1000 / count).toFixed(1)} ms of processor time each; PDFs ${hash.digest('hex').slice(0, 16)}\n`,
  );
}

void main();
