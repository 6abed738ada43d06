import type { KycDocumentType, Signature } from '@swx/shared/contract';
import { bodyFont, fontForText, parsedFont, type FontName } from './fonts';
import { visualRuns } from './rtl';
import { contractTexts, fill, type ContractTexts, type Lang } from './texts';
import type PDFDocumentClass from 'pdfkit';
import { onFirstUse } from '../../platform/on-first-use';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const pdfkit = onFirstUse(() => require('pdfkit') as typeof PDFDocumentClass);

/** Exactly what the customer signed, and who signed it: the PDF is made from this and nothing else. */
export interface ContractInput {
  agreementNumber: string;
  language: Lang;
  lender: string;
  signedAt: Date;
  borrower: {
    firstName: string;
    lastName: string;
    birthdate: string;
    documentType: KycDocumentType;
    country: string;
    address: string;
    phone: string;
  };
  amount: string;
  currency: string;
  term: number;
  dailyRatePercent: string;
  annualRatePercent: string;
  interestFreeDays: number;
  totalInterest: string;
  totalRepayment: string;
  aprPercent: string;
  repaymentDate: string;
  /** The local time the loan is due until on its repayment date (`23:59:59`), and the zone. */
  dueTime: string;
  timeZone: string;
  overdueRatePercent: string;
  overdueInterestPerDay: string;
  /** The most overdue interest can add, USDT, and that as a percentage of the amount. */
  overdueInterestCap: string;
  overdueCapPercent: string;
  overdueReminderDays: number;
  withdrawalDays: number;
  /** Interest accrued per day from payout if withdrawn (exact), and today's figure for a withdrawal. */
  withdrawalInterestPerDay: string;
  withdrawalAmountToday: string;
  signature: Signature;
}

const PAGE = { size: 'A4' as const, margin: 50 };
const WIDTH = 595.28 - 2 * PAGE.margin;
const LABEL_WIDTH = 170;
const GAP = 12;

/** Draws text either left to right (pdfkit's own flow and wrapping) or right to left (our runs). */
class Writer {
  private readonly rtl: boolean;
  private readonly font: FontName;
  private readonly registered = new Set<FontName>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    lang: Lang,
  ) {
    this.rtl = lang === 'ar';
    this.font = bodyFont(lang);
  }

  /** Selects a font, registering it with the document on first use (one embedded subset per font). */
  private use(font: FontName): PDFKit.PDFDocument {
    if (!this.registered.has(font)) {
      // @types/pdfkit lists only a file's name or bytes; pdfkit 0.20 takes a parsed fontkit font too.
      this.doc.registerFont(font, parsedFont(font) as unknown as Buffer);
      this.registered.add(font);
    }
    return this.doc.font(font);
  }

  heading(text: string, size = 12): void {
    this.doc.moveDown(0.6);
    const bold: FontName =
      this.font === 'latin' ? 'latinBold' : this.font === 'arabic' ? 'arabicBold' : this.font;
    this.block(text, PAGE.margin, WIDTH, size, bold);
    this.doc.moveDown(0.2);
  }

  paragraph(text: string, size = 10): void {
    this.block(text, PAGE.margin, WIDTH, size, this.font);
  }

  /** A label and its value side by side (label on the reading side: left, or right in Arabic). */
  row(label: string, value: string): void {
    const top = this.doc.y;
    const valueWidth = WIDTH - LABEL_WIDTH - GAP;
    const labelX = this.rtl ? PAGE.margin + valueWidth + GAP : PAGE.margin;
    const valueX = this.rtl ? PAGE.margin : PAGE.margin + LABEL_WIDTH + GAP;
    this.block(label, labelX, LABEL_WIDTH, 10, this.font, '#555555');
    const labelBottom = this.doc.y;
    this.doc.y = top;
    this.block(value, valueX, valueWidth, 10, fontForText(value, this.font), '#000000', 'auto');
    this.doc.y = Math.max(labelBottom, this.doc.y) + 3;
  }

  private block(
    text: string,
    x: number,
    width: number,
    size: number,
    font: FontName,
    color = '#000000',
    direction: 'rtl' | 'auto' = 'rtl',
  ): void {
    const doc = this.doc.fillColor(color).fontSize(size);
    if (!this.rtl) {
      this.use(font).text(text, x, doc.y, { width });
      return;
    }
    for (const line of this.wrapRtl(text, width, size, direction)) {
      this.ensureRoom(size * 1.6);
      this.drawRtlLine(line, x + width, doc.y, size, direction);
      doc.y += size * 1.6;
    }
  }

  private ensureRoom(height: number): void {
    if (this.doc.y + height > this.doc.page.height - PAGE.margin) this.doc.addPage();
  }

  private runFont(text: string, arabic: boolean): FontName {
    return arabic ? 'arabic' : fontForText(text, 'latin');
  }

  /** Whether the Arabic font has a glyph. */
  private readonly arabicCovers = (codePoint: number): boolean =>
    // Spaces go to the Latin font: Naskh's space is too narrow to read between words at this size.
    codePoint !== 0x20 && parsedFont('arabic').hasGlyphForCodePoint(codePoint);

  private measure(text: string, size: number, direction: 'rtl' | 'auto'): number {
    return visualRuns(text, this.arabicCovers, direction).reduce(
      (sum, run) => sum + this.use(this.runFont(run.text, run.arabic)).fontSize(size).widthOfString(run.text),
      0,
    );
  }

  /** Greedy word wrap in logical order; each line is reordered for drawing on its own. */
  private wrapRtl(text: string, width: number, size: number, direction: 'rtl' | 'auto'): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.measure(candidate, size, direction) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    if (current) lines.push(current);
    return lines;
  }

  private drawRtlLine(line: string, right: number, y: number, size: number, direction: 'rtl' | 'auto'): void {
    const runs = visualRuns(line, this.arabicCovers, direction);
    const widths = runs.map((run) =>
      this.use(this.runFont(run.text, run.arabic)).fontSize(size).widthOfString(run.text),
    );
    let x = right - widths.reduce((a, b) => a + b, 0);
    runs.forEach((run, i) => {
      this.use(this.runFont(run.text, run.arabic)).fontSize(size).text(run.text, x, y, { lineBreak: false });
      x += widths[i]!;
    });
  }

  /** The signature strokes, scaled into a box on the reading side. */
  signature(signature: Signature): void {
    const box = { width: 220, height: 90 };
    this.ensureRoom(box.height + 10);
    const x = this.rtl ? PAGE.margin + WIDTH - box.width : PAGE.margin;
    const y = this.doc.y + 4;
    this.doc.lineWidth(0.5).strokeColor('#999999').rect(x, y, box.width, box.height).stroke();
    const scale = Math.min(box.width / signature.width, box.height / signature.height);
    const offsetX = x + (box.width - signature.width * scale) / 2;
    const offsetY = y + (box.height - signature.height * scale) / 2;
    this.doc.lineWidth(1.2).strokeColor('#000033').lineCap('round').lineJoin('round');
    for (const stroke of signature.strokes) {
      const [first, ...rest] = stroke;
      if (!first) continue;
      this.doc.moveTo(offsetX + first[0] * scale, offsetY + first[1] * scale);
      if (rest.length === 0) this.doc.lineTo(offsetX + first[0] * scale + 0.5, offsetY + first[1] * scale);
      for (const [px, py] of rest) this.doc.lineTo(offsetX + px * scale, offsetY + py * scale);
      this.doc.stroke();
    }
    this.doc.y = y + box.height + 8;
  }
}

function writeContract(doc: PDFKit.PDFDocument, input: ContractInput, t: ContractTexts): void {
  const w = new Writer(doc, input.language);
  const money = (value: string) => `${value} ${input.currency}`;
  w.heading(t.title, 16);
  w.row(t.agreementNo, input.agreementNumber);
  w.row(t.signedAt, `${input.signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`);
  w.heading(t.lender);
  w.paragraph(input.lender);
  w.heading(t.borrower);
  const b = input.borrower;
  w.row(t.name, `${b.firstName} ${b.lastName}`);
  w.row(t.birthdate, b.birthdate);
  w.row(t.document, t.documentTypes[b.documentType]);
  w.row(t.country, b.country);
  w.row(t.address, b.address);
  w.row(t.phone, b.phone);
  w.heading(t.credit);
  w.row(t.creditType, t.creditTypeValue);
  w.row(t.amount, money(input.amount));
  w.row(t.duration, fill(t.durationValue, { days: input.term }));
  w.row(
    t.borrowingRate,
    fill(t.borrowingRateValue, { daily: input.dailyRatePercent, annual: input.annualRatePercent }),
  );
  w.row(t.interestFreeDays, fill(t.daysValue, { days: input.interestFreeDays }));
  w.row(t.totalInterest, money(input.totalInterest));
  w.row(t.totalPayable, money(input.totalRepayment));
  w.row(
    t.repaymentDate,
    fill(t.repaymentDateNote, { date: input.repaymentDate, time: input.dueTime, zone: input.timeZone }),
  );
  w.row(t.apr, `${input.aprPercent} %`);
  w.paragraph(t.aprAssumptions, 9);
  w.heading(t.late);
  w.paragraph(
    fill(t.lateText, {
      rate: input.overdueRatePercent,
      perDay: input.overdueInterestPerDay,
      every: input.overdueReminderDays,
      cap: input.overdueInterestCap,
      capPercent: input.overdueCapPercent,
    }),
  );
  w.heading(t.withdrawal);
  w.paragraph(
    fill(t.withdrawalText, {
      days: input.withdrawalDays,
      perDay: input.withdrawalInterestPerDay,
      free: input.interestFreeDays,
      today: input.withdrawalAmountToday,
    }),
  );
  w.heading(t.early);
  w.paragraph(fill(t.earlyText, { free: input.interestFreeDays }));
  w.heading(t.signature);
  w.paragraph(t.signatureText);
  w.signature(input.signature);
  w.paragraph(t.hashNote, 8);
}

/**
 * The loan contract as a PDF in the customer's language, fonts embedded (subsets), Arabic right to left.
 * The creation date is the signing time, so the document depends only on its input.
 */
export function renderContract(input: ContractInput): Promise<Buffer> {
  const t = contractTexts[input.language];
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    lang: input.language,
    displayTitle: true,
    info: {
      Title: `${t.title} ${input.agreementNumber}`,
      Author: input.lender,
      CreationDate: input.signedAt,
      ModDate: input.signedAt,
    },
  });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      writeContract(doc, input, t);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
