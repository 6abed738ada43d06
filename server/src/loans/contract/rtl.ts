import bidiFactory from 'bidi-js';

const bidi = bidiFactory();
const arabicLetters = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** A piece of one line drawn with one font in one direction, in visual (left-to-right drawing) order. */
export interface VisualRun {
  text: string;
  rtl: boolean;
  /** Holds Arabic letters: drawn with the Arabic font, shaped (and put in visual order) by fontkit. */
  arabic: boolean;
}

/**
 * Orders one line of right-to-left text for drawing (Unicode bidi, rule L2 applied to runs): pdfkit shapes
 * each run with fontkit, which joins Arabic letters and reverses a run of Arabic script itself, but it does
 * not reorder the runs of a mixed line ("المبلغ 500 USDT"). So the line is split into runs of one embedding
 * level, the runs are put in visual order here, and a right-to-left piece without Arabic letters (spaces,
 * brackets) is reversed and mirrored here since fontkit would draw it left to right. `arabicCovers` tells
 * which characters the Arabic font has; the others are drawn with the Latin font. Customer data (an address
 * in Latin letters, a phone number) takes its direction from its first strong character (`auto`).
 */
export function visualRuns(
  line: string,
  arabicCovers: (codePoint: number) => boolean,
  direction: 'rtl' | 'auto' = 'rtl',
): VisualRun[] {
  if (line.length === 0) return [];
  const { levels } = bidi.getEmbeddingLevels(line, direction === 'rtl' ? 'rtl' : undefined);
  const runs: { text: string; level: number; start: number }[] = [];
  for (let i = 0; i < line.length; i += 1) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.text += line[i];
    else runs.push({ text: line[i]!, level: levels[i]!, start: i });
  }
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), highest);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j += 1;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  const mirrors = bidi.getMirroredCharactersMap(line, levels);
  const mirrored = (text: string, start: number) =>
    [...text]
      .map((ch, k) => mirrors.get(start + k) ?? ch)
      .reverse()
      .join('');
  const visual: VisualRun[] = [];
  for (const run of runs) {
    const rtl = run.level % 2 === 1;
    if (!rtl) {
      visual.push({ text: run.text, rtl, arabic: false });
      continue;
    }
    // Right to left: pieces the Arabic font lacks (%, brackets) are drawn with another font, so the run is
    // cut where coverage changes, and its pieces are laid out right to left.
    const pieces: VisualRun[] = [];
    let at = 0;
    for (const piece of splitByCoverage(run.text, arabicCovers)) {
      const arabic = piece.covered && arabicLetters.test(piece.text);
      pieces.push({ text: arabic ? piece.text : mirrored(piece.text, run.start + at), rtl, arabic });
      at += piece.text.length;
    }
    visual.push(...pieces.reverse());
  }
  return visual;
}

function splitByCoverage(text: string, covers: (codePoint: number) => boolean) {
  const pieces: { text: string; covered: boolean }[] = [];
  for (const ch of text) {
    const covered = covers(ch.codePointAt(0)!);
    const last = pieces[pieces.length - 1];
    if (last && last.covered === covered) last.text += ch;
    else pieces.push({ text: ch, covered });
  }
  return pieces;
}
