import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderContract } from '../contract/pdf';
import type { Lang } from '../contract/texts';
import { contractInput, pdfText } from './helpers';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-contract-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Page 1 as a greyscale bitmap (poppler's `pdftoppm`), and the columns holding ink in a band of rows. */
async function inkColumns(pdf: Buffer, name: string, rows: [number, number]) {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', [
    '-r',
    '50',
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(tmp, name),
  ]);
  const { data, info } = await sharp(path.join(tmp, `${name}.png`))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = info.width;
  let right = -1;
  for (let y = rows[0]; y < rows[1]; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (data[y * info.width + x]! < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { left, right, width: info.width };
}

/** Embedded fonts as `pdffonts` lists them: name and whether embedded. */
function fonts(pdf: Buffer, name: string): string {
  const file = path.join(tmp, `${name}-fonts.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdffonts', [file], { encoding: 'utf8' });
}

describe('the contract PDF in every language', () => {
  it.each<Lang>(['en', 'zh-CN', 'zh-TW', 'ja', 'ko', 'de', 'fr', 'es', 'it', 'ar'])(
    '%s: the signed figures can be extracted as text and every font is embedded',
    async (language) => {
      const pdf = await renderContract(contractInput(language));
      const text = pdfText(pdf);
      for (const figure of [
        '500',
        '5.50',
        '505.50',
        '33.01',
        '2026-12-07',
        '0123456789abcdef0123456789abcdef',
        // Due until the end of the day, in a stated zone; the capped late costs; withdrawal as the law has it.
        '23:59:59',
        'Asia/Singapore',
        '500.00',
        '0.5',
      ])
        // CJK lines wrap anywhere, a time zone included: compare without the layout's line breaks.
        expect(text.replace(/\s+/g, '')).toContain(figure);
      const listed = fonts(pdf, language).split('\n').slice(2).filter(Boolean);
      expect(listed.length).toBeGreaterThan(0);
      for (const line of listed) expect(line).toMatch(/\s+yes\s+yes\s+yes\s+/);
    },
  );

  it('sets Chinese in CJK glyphs from the left margin', async () => {
    const pdf = await renderContract(contractInput('zh-CN'));
    expect(pdfText(pdf)).toContain('借款合同及合同前信贷摘要');
    expect(fonts(pdf, 'zh')).toContain('NotoSansHans');
    const title = await inkColumns(pdf, 'zh', [30, 60]);
    expect(title.left).toBeLessThan(title.width * 0.1);
    expect(title.right).toBeLessThan(title.width * 0.6);
  });

  it('sets Arabic right to left: shaped with the Arabic font and aligned to the right margin', async () => {
    const pdf = await renderContract(contractInput('ar'));
    const text = pdfText(pdf);
    expect(text).toMatch(/[\u0600-\u06FF]/);
    expect(fonts(pdf, 'ar')).toContain('NotoNaskhArabic');
    const title = await inkColumns(pdf, 'ar', [30, 60]);
    expect(title.right).toBeGreaterThan(title.width * 0.85);
    expect(title.left).toBeGreaterThan(title.width * 0.3);
  });
});
