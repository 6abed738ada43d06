import Decimal from 'decimal.js';

/** A customer's typed number as a decimal, or null when it is not one ("", "1e5", "1,5", "-2"). */
export function parseAmount(text: string): Decimal | null {
  const trimmed = text.trim();
  if (!/^(0|[1-9][0-9]*)(\.[0-9]+)?$|^0?\.[0-9]+$/.test(trimmed)) return null;
  const value = new Decimal(trimmed.startsWith('.') ? `0${trimmed}` : trimmed);
  return value.isFinite() ? value : null;
}

/** The decimal string the API expects ("0.5", never "5e-1" nor ".5"). */
export function wireAmount(text: string): string {
  const value = parseAmount(text);
  if (!value) throw new Error(`Not an amount: ${text}`);
  return value.toFixed();
}

/** Full-width (CJK input methods), Arabic-Indic and Extended Arabic-Indic digits, by their zero. */
const digitZeros = [0xff10, 0x0660, 0x06f0];

function asciiDigit(char: string): string {
  const code = char.codePointAt(0)!;
  const zero = digitZeros.find((start) => code >= start && code <= start + 9);
  return zero === undefined ? char : String(code - zero);
}

/** Marks that are only ever a decimal point: the full-width point and the Arabic decimal separator. */
const unambiguousPoints = new Set(['．', '٫']);

/** The decimal separator of a language ("," in German, "٫" in Arabic). */
function decimalSeparator(lang: string): string {
  try {
    const part = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal');
    return part?.value ?? '.';
  } catch {
    return '.';
  }
}

/**
 * What the customer typed, in the shape `parseAmount` reads: other digit scripts become ASCII digits, the
 * language's own decimal separator (and the full-width and Arabic points) becomes ".", and spaces go. Nothing else is
 * guessed: in English "1,5" stays "1,5" and is refused as incorrect, because reading it as 1.5 or 15
 * would be a guess about money.
 */
export function normaliseDecimalInput(text: string, lang: string): string {
  const separator = decimalSeparator(lang);
  let out = '';
  for (const char of text) {
    if (/\s/u.test(char)) continue;
    if (char === separator || unambiguousPoints.has(char)) out += '.';
    else out += asciiDigit(char);
  }
  return out;
}
