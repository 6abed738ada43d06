import type { Mail } from './mailer';

/** The product's ten languages (docs/product.md, languages). */
export const mailLanguages = ['en', 'zh-CN', 'zh-TW', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar'] as const;
export type MailLanguage = (typeof mailLanguages)[number];

interface CodeMailText {
  subject: { register: string; reset: string };
  /** `{code}` and `{minutes}` are filled in. */
  body: string;
}

const texts: Record<MailLanguage, CodeMailText> = {
  en: {
    subject: { register: 'Your SWX sign-up code', reset: 'Your SWX password reset code' },
    body: 'Your verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail and never share the code.',
  },
  'zh-CN': {
    subject: { register: 'SWX 注册验证码', reset: 'SWX 重置密码验证码' },
    body: '您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本邮件，切勿向任何人透露验证码。',
  },
  'zh-TW': {
    subject: { register: 'SWX 註冊驗證碼', reset: 'SWX 重設密碼驗證碼' },
    body: '您的驗證碼是 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略本郵件，切勿向任何人透露驗證碼。',
  },
  ja: {
    subject: { register: 'SWX 登録用認証コード', reset: 'SWX パスワード再設定用認証コード' },
    body: '認証コードは {code} です。{minutes} 分間有効です。お心当たりのない場合はこのメールを無視し、コードを他人に教えないでください。',
  },
  ko: {
    subject: { register: 'SWX 가입 인증 코드', reset: 'SWX 비밀번호 재설정 인증 코드' },
    body: '인증 코드는 {code}입니다. {minutes}분 동안 유효합니다. 요청하지 않으셨다면 이 메일을 무시하시고 코드를 다른 사람에게 알려 주지 마세요.',
  },
  de: {
    subject: { register: 'Ihr SWX-Registrierungscode', reset: 'Ihr SWX-Code zum Zurücksetzen des Passworts' },
    body: 'Ihr Bestätigungscode lautet {code}. Er ist {minutes} Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail und geben Sie den Code niemandem weiter.',
  },
  fr: {
    subject: {
      register: "Votre code d'inscription SWX",
      reset: 'Votre code de réinitialisation du mot de passe SWX',
    },
    body: "Votre code de vérification est {code}. Il est valable {minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail et ne communiquez jamais ce code.",
  },
  it: {
    subject: {
      register: 'Il tuo codice di registrazione SWX',
      reset: 'Il tuo codice per reimpostare la password SWX',
    },
    body: "Il tuo codice di verifica è {code}. È valido per {minutes} minuti. Se non l'hai richiesto, ignora questa e-mail e non condividere mai il codice.",
  },
  es: {
    subject: {
      register: 'Tu código de registro de SWX',
      reset: 'Tu código para restablecer la contraseña de SWX',
    },
    body: 'Tu código de verificación es {code}. Es válido durante {minutes} minutos. Si no lo has solicitado, ignora este correo y no compartas nunca el código.',
  },
  ar: {
    subject: { register: 'رمز التسجيل في SWX', reset: 'رمز إعادة تعيين كلمة المرور في SWX' },
    body: 'رمز التحقق الخاص بك هو {code}. وهو صالح لمدة {minutes} دقائق. إذا لم تطلبه، فتجاهل هذه الرسالة ولا تشارك الرمز مع أي شخص.',
  },
};

/**
 * The first of the product's languages named in an `Accept-Language` header (quality order), else English.
 * `zh-HK`/`zh-Hant` read as Traditional Chinese, other `zh` tags as Simplified.
 */
export function languageFromHeader(header: string | undefined): MailLanguage {
  if (!header) return 'en';
  const tags = header
    .slice(0, 500)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of tags) {
    if (tag.startsWith('zh')) return /^zh-(tw|hk|mo|hant)/.test(tag) ? 'zh-TW' : 'zh-CN';
    const primary = tag.split('-')[0];
    const match = mailLanguages.find((lang) => lang === primary);
    if (match) return match;
  }
  return 'en';
}

/**
 * The verification-code mail: in the customer's language, followed by English when that is another
 * language, so the code is readable even if the guess from `Accept-Language` was wrong.
 */
export function verificationCodeMail(options: {
  to: string;
  code: string;
  scene: 'register' | 'reset';
  minutes: number;
  language: MailLanguage;
}): Mail {
  const { to, code, scene, minutes, language } = options;
  const versions = language === 'en' ? [language] : [language, 'en' as const];
  const fill = (text: string) => text.replace('{code}', code).replace('{minutes}', String(minutes));
  const subject = texts[language].subject[scene];
  const text = versions.map((lang) => fill(texts[lang].body)).join('\n\n') + '\n\nSWX\n';
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...versions.map(
      (lang) =>
        `<p lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">${fill(texts[lang].body).replace(
          code,
          `<strong style="font-size:1.4em;letter-spacing:0.2em">${code}</strong>`,
        )}</p>`,
    ),
    '<p>SWX</p></body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
