import { escapeHtml, type Mail, type MailLanguage } from './mail';

/**
 * The customer's anti-phishing code at the top of every e-mail SWX sends them (docs/security.md): a mail
 * without it, or with another, did not come from us. The code is the customer's own text (bounded and cleaned
 * when saved), escaped here for HTML.
 */
const labels: Record<MailLanguage, string> = {
  en: 'Your anti-phishing code',
  'zh-CN': '您的防钓鱼码',
  'zh-TW': '您的防釣魚碼',
  ja: 'あなたのフィッシング対策コード',
  ko: '회원님의 피싱 방지 코드',
  de: 'Ihr Anti-Phishing-Code',
  fr: 'Votre code anti-hameçonnage',
  it: 'Il tuo codice anti-phishing',
  es: 'Tu código antiphishing',
  ar: 'رمز مكافحة التصيد الخاص بك',
};

/** The mail with the code as its first line (text) and first block (HTML), labelled in the mail's language. */
export function withAntiPhishing(mail: Mail, code: string): Mail {
  const language = mail.language ?? 'en';
  const label = labels[language];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const banner =
    `<p lang="${language}" dir="${dir}" data-anti-phishing style="padding:8px 12px;border:1px solid #888;` +
    `border-radius:6px;font-family:sans-serif">${escapeHtml(label)}: <strong>${escapeHtml(code)}</strong></p>`;
  const html = /<body[^>]*>/.test(mail.html)
    ? mail.html.replace(/<body[^>]*>/, (body) => `${body}\n${banner}`)
    : `${banner}\n${mail.html}`;
  return { ...mail, text: `${label}: ${code}\n\n${mail.text}`, html };
}
