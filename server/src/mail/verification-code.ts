import { escapeHtml, mailLanguages, type Mail, type MailLanguage } from './mail';

export { mailLanguages, type MailLanguage } from './mail';

/** What a code confirms: sign-up, password reset, a step-up, a withdrawal address, a new e-mail address. */
export type CodeMailScene = 'register' | 'reset' | 'stepUp' | 'address' | 'email';

interface CodeMailText {
  subject: Record<CodeMailScene, string>;
  /** `{code}` and `{minutes}` are filled in. */
  body: string;
  /** A first line saying what the code is for; `{detail}` is filled in (the address, the new e-mail). */
  purpose: { stepUp: string; address: string; email: string };
}

const texts: Record<MailLanguage, CodeMailText> = {
  en: {
    subject: {
      register: 'Your SWX sign-up code',
      reset: 'Your SWX password reset code',
      stepUp: 'Your SWX confirmation code',
      address: 'Confirm your new SWX withdrawal address',
      email: 'Confirm your new e-mail address for SWX',
    },
    body: 'Your verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail and never share the code.',
    purpose: {
      stepUp: 'Someone signed in to your account asked to confirm a security-sensitive action.',
      address:
        'A withdrawal address was added to your address book: {detail}. Withdrawals to it are possible only after you confirm it and its cooling-off period has passed. If you did not add it, change your password now.',
      email: 'This address was entered as the new e-mail address of an SWX account.',
    },
  },
  'zh-CN': {
    subject: {
      register: 'SWX 注册验证码',
      reset: 'SWX 重置密码验证码',
      stepUp: 'SWX 身份确认验证码',
      address: '确认您在 SWX 新增的提现地址',
      email: '确认您在 SWX 的新邮箱地址',
    },
    body: '您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本邮件，切勿向任何人透露验证码。',
    purpose: {
      stepUp: '有人在您已登录的账户中请求确认一项涉及安全的操作。',
      address:
        '您的地址簿中新增了一个提现地址：{detail}。确认后并度过冷静期才能向其提现。如果不是您添加的，请立即修改密码。',
      email: '此地址被填写为某个 SWX 账户的新邮箱地址。',
    },
  },
  'zh-TW': {
    subject: {
      register: 'SWX 註冊驗證碼',
      reset: 'SWX 重設密碼驗證碼',
      stepUp: 'SWX 身分確認驗證碼',
      address: '確認您在 SWX 新增的提領地址',
      email: '確認您在 SWX 的新電子郵件地址',
    },
    body: '您的驗證碼是 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略本郵件，切勿向任何人透露驗證碼。',
    purpose: {
      stepUp: '有人在您已登入的帳戶中要求確認一項涉及安全的操作。',
      address:
        '您的地址簿中新增了一個提領地址：{detail}。確認後並度過冷靜期才能向其提領。如果不是您新增的，請立即變更密碼。',
      email: '此地址被填寫為某個 SWX 帳戶的新電子郵件地址。',
    },
  },
  ja: {
    subject: {
      register: 'SWX 登録用認証コード',
      reset: 'SWX パスワード再設定用認証コード',
      stepUp: 'SWX 本人確認コード',
      address: 'SWX の新しい出金先アドレスの確認',
      email: 'SWX の新しいメールアドレスの確認',
    },
    body: '認証コードは {code} です。{minutes} 分間有効です。お心当たりのない場合はこのメールを無視し、コードを他人に教えないでください。',
    purpose: {
      stepUp: 'ログイン中のアカウントで、セキュリティに関わる操作の確認が求められました。',
      address:
        'アドレス帳に出金先アドレスが追加されました：{detail}。確認後、クーリングオフ期間が過ぎるまで出金できません。追加した覚えがない場合は、すぐにパスワードを変更してください。',
      email: 'このアドレスが SWX アカウントの新しいメールアドレスとして入力されました。',
    },
  },
  ko: {
    subject: {
      register: 'SWX 가입 인증 코드',
      reset: 'SWX 비밀번호 재설정 인증 코드',
      stepUp: 'SWX 본인 확인 코드',
      address: 'SWX 새 출금 주소 확인',
      email: 'SWX 새 이메일 주소 확인',
    },
    body: '인증 코드는 {code}입니다. {minutes}분 동안 유효합니다. 요청하지 않으셨다면 이 메일을 무시하시고 코드를 다른 사람에게 알려 주지 마세요.',
    purpose: {
      stepUp: '로그인된 계정에서 보안 관련 작업의 확인이 요청되었습니다.',
      address:
        '주소록에 출금 주소가 추가되었습니다: {detail}. 확인하고 대기 기간이 지나야 이 주소로 출금할 수 있습니다. 직접 추가하지 않았다면 지금 비밀번호를 변경하세요.',
      email: '이 주소가 SWX 계정의 새 이메일 주소로 입력되었습니다.',
    },
  },
  de: {
    subject: {
      register: 'Ihr SWX-Registrierungscode',
      reset: 'Ihr SWX-Code zum Zurücksetzen des Passworts',
      stepUp: 'Ihr SWX-Bestätigungscode',
      address: 'Bestätigen Sie Ihre neue SWX-Auszahlungsadresse',
      email: 'Bestätigen Sie Ihre neue E-Mail-Adresse für SWX',
    },
    body: 'Ihr Bestätigungscode lautet {code}. Er ist {minutes} Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail und geben Sie den Code niemandem weiter.',
    purpose: {
      stepUp:
        'In Ihrem angemeldeten Konto wurde die Bestätigung einer sicherheitsrelevanten Aktion angefordert.',
      address:
        'Ihrem Adressbuch wurde eine Auszahlungsadresse hinzugefügt: {detail}. Auszahlungen dorthin sind erst möglich, wenn Sie sie bestätigen und die Wartezeit abgelaufen ist. Wenn Sie sie nicht hinzugefügt haben, ändern Sie jetzt Ihr Passwort.',
      email: 'Diese Adresse wurde als neue E-Mail-Adresse eines SWX-Kontos angegeben.',
    },
  },
  fr: {
    subject: {
      register: "Votre code d'inscription SWX",
      reset: 'Votre code de réinitialisation du mot de passe SWX',
      stepUp: 'Votre code de confirmation SWX',
      address: 'Confirmez votre nouvelle adresse de retrait SWX',
      email: 'Confirmez votre nouvelle adresse e-mail pour SWX',
    },
    body: "Votre code de vérification est {code}. Il est valable {minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail et ne communiquez jamais ce code.",
    purpose: {
      stepUp: 'Une action sensible pour la sécurité a été demandée depuis votre compte connecté.',
      address:
        "Une adresse de retrait a été ajoutée à votre carnet d'adresses : {detail}. Les retraits vers elle ne sont possibles qu'après votre confirmation et la fin du délai de carence. Si vous ne l'avez pas ajoutée, changez votre mot de passe maintenant.",
      email: "Cette adresse a été saisie comme nouvelle adresse e-mail d'un compte SWX.",
    },
  },
  it: {
    subject: {
      register: 'Il tuo codice di registrazione SWX',
      reset: 'Il tuo codice per reimpostare la password SWX',
      stepUp: 'Il tuo codice di conferma SWX',
      address: 'Conferma il nuovo indirizzo di prelievo SWX',
      email: 'Conferma il nuovo indirizzo e-mail per SWX',
    },
    body: "Il tuo codice di verifica è {code}. È valido per {minutes} minuti. Se non l'hai richiesto, ignora questa e-mail e non condividere mai il codice.",
    purpose: {
      stepUp:
        "Dal tuo account connesso è stata richiesta la conferma di un'operazione rilevante per la sicurezza.",
      address:
        "Un indirizzo di prelievo è stato aggiunto alla tua rubrica: {detail}. I prelievi verso di esso sono possibili solo dopo la tua conferma e la fine del periodo di attesa. Se non l'hai aggiunto tu, cambia subito la password.",
      email: 'Questo indirizzo è stato indicato come nuovo indirizzo e-mail di un account SWX.',
    },
  },
  es: {
    subject: {
      register: 'Tu código de registro de SWX',
      reset: 'Tu código para restablecer la contraseña de SWX',
      stepUp: 'Tu código de confirmación de SWX',
      address: 'Confirma tu nueva dirección de retiro de SWX',
      email: 'Confirma tu nueva dirección de correo para SWX',
    },
    body: 'Tu código de verificación es {code}. Es válido durante {minutes} minutos. Si no lo has solicitado, ignora este correo y no compartas nunca el código.',
    purpose: {
      stepUp:
        'Desde tu cuenta con la sesión iniciada se pidió confirmar una acción sensible para la seguridad.',
      address:
        'Se añadió una dirección de retiro a tu libreta: {detail}. Solo podrás retirar a ella cuando la confirmes y pase su periodo de espera. Si no la añadiste tú, cambia tu contraseña ahora.',
      email: 'Esta dirección se indicó como nuevo correo electrónico de una cuenta de SWX.',
    },
  },
  ar: {
    subject: {
      register: 'رمز التسجيل في SWX',
      reset: 'رمز إعادة تعيين كلمة المرور في SWX',
      stepUp: 'رمز التأكيد من SWX',
      address: 'أكّد عنوان السحب الجديد في SWX',
      email: 'أكّد عنوان بريدك الإلكتروني الجديد في SWX',
    },
    body: 'رمز التحقق الخاص بك هو {code}. وهو صالح لمدة {minutes} دقائق. إذا لم تطلبه، فتجاهل هذه الرسالة ولا تشارك الرمز مع أي شخص.',
    purpose: {
      stepUp: 'طُلب من حسابك المسجَّل الدخول تأكيد إجراء يمسّ الأمان.',
      address:
        'أُضيف عنوان سحب إلى دفتر عناوينك: {detail}. لا يمكن السحب إليه إلا بعد تأكيده وانقضاء فترة الانتظار. إذا لم تُضفه أنت، فغيّر كلمة المرور الآن.',
      email: 'أُدخل هذا العنوان بوصفه البريد الإلكتروني الجديد لحساب في SWX.',
    },
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
 * language, so the code is readable even if the guess from `Accept-Language` was wrong. A security scene
 * starts with what the code is for (`detail`: the withdrawal address, the new e-mail).
 */
export function verificationCodeMail(options: {
  to: string;
  code: string;
  scene: CodeMailScene;
  minutes: number;
  language: MailLanguage;
  detail?: string;
}): Mail {
  const { to, code, scene, minutes, language } = options;
  const versions = language === 'en' ? [language] : [language, 'en' as const];
  const purpose = (lang: MailLanguage) =>
    scene === 'register' || scene === 'reset'
      ? ''
      : `${texts[lang].purpose[scene].replace('{detail}', options.detail ?? '')} `;
  const fill = (lang: MailLanguage) =>
    purpose(lang) + texts[lang].body.replace('{code}', code).replace('{minutes}', String(minutes));
  const subject = texts[language].subject[scene];
  const text = versions.map(fill).join('\n\n') + '\n\nSWX\n';
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...versions.map(
      (lang) =>
        `<p lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">${escapeHtml(fill(lang)).replace(
          code,
          `<strong style="font-size:1.4em;letter-spacing:0.2em">${code}</strong>`,
        )}</p>`,
    ),
    '<p>SWX</p></body></html>',
  ].join('\n');
  return { to, subject, text, html, language };
}
