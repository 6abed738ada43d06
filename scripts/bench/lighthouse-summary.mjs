// Reads a Lighthouse JSON report and prints the figures we budget, exiting non-zero when one is missed.
import fs from 'node:fs';

const report = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const audit = (id) => report.audits[id];
const scripts = (audit('network-requests')?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
const summary = {
  url: report.finalDisplayedUrl,
  lighthouse: report.lighthouseVersion,
  formFactor: report.configSettings.formFactor,
  throttling: report.configSettings.throttlingMethod,
  performance: Math.round(report.categories.performance.score * 100),
  fcpMs: Math.round(audit('first-contentful-paint').numericValue),
  lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
  cls: +audit('cumulative-layout-shift').numericValue.toFixed(3),
  tbtMs: Math.round(audit('total-blocking-time').numericValue),
  speedIndexMs: Math.round(audit('speed-index').numericValue),
  scriptTransferKb: +(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1),
  scriptFiles: scripts.length,
};
summary.pass = summary.performance >= 90 && summary.lcpMs <= 2500 && summary.cls <= 0.05;
console.log(JSON.stringify(summary, null, 2));
process.exit(summary.pass ? 0 : 1);
