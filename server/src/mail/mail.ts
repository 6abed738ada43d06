// What a mail is, in which languages it may be written, and how customer text enters its HTML.

/** The product's ten languages (docs/product.md, languages). */
export const mailLanguages = ['en', 'zh-CN', 'zh-TW', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar'] as const;
export type MailLanguage = (typeof mailLanguages)[number];

/** One outgoing e-mail: a plain-text body for every client and an HTML body for those that show it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The language it is written in (first), for the anti-phishing line; English when absent. */
  language?: MailLanguage;
}

/** Text from the customer (an address label) goes into HTML only escaped. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
