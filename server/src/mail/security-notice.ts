import type { SecurityChangeKind } from '@swx/shared/contract';
import { escapeHtml, type Mail, type MailLanguage } from './mail';

/**
 * Notices of the security domain: a sign-in from a new device (with its "this was not me" link), and a
 * change to the account's security (with the withdrawal lock it caused, if any). In the customer's language,
 * then English; times in UTC so both versions say the same.
 */

export type SecurityChange = SecurityChangeKind;

interface NoticeText {
  newDevice: { subject: string; body: string; link: string };
  changed: { subject: string; lock: string; notYou: string };
  change: Record<SecurityChange, string>;
}

const texts: Record<MailLanguage, NoticeText> = {
  en: {
    newDevice: {
      subject: 'New sign-in to your SWX account',
      body: 'Your account was signed in from a new device: {device}, address {address}, at {time}. If this was you, there is nothing to do.',
      link: 'If it was not you, open this link at once: it signs out every session and locks withdrawals. Then reset your password.',
    },
    changed: {
      subject: 'Security change on your SWX account',
      lock: 'Withdrawals are locked until {until}.',
      notYou: 'If you did not make this change, reset your password and contact support at once.',
    },
    change: {
      passwordChange: 'Your password was changed at {time}.',
      passwordReset: 'Your password was reset at {time}.',
      emailChange: 'The e-mail address of your account was changed to {detail} at {time}.',
      twoFactorOn: 'Two-factor sign-in was turned on at {time}.',
      twoFactorOff: 'Two-factor sign-in was turned off at {time}.',
      twoFactorReset: 'Our support team reset your second factors at {time}, as you asked.',
      passkeyAdded: 'A passkey ({detail}) was added to your account at {time}.',
      passkeyRemoved: 'A passkey ({detail}) was removed from your account at {time}.',
      recoveryCodes: 'New recovery codes were made at {time}; the old ones no longer work.',
      whitelistOff: 'Withdrawal whitelist mode was turned off at {time}.',
      antiPhishing: 'Your anti-phishing code was changed at {time}.',
      lockLifted: 'Our support team lifted the withdrawal lock on your account at {time}.',
      notMe: 'After you reported a sign-in that was not you, every session was signed out at {time}.',
    },
  },
  'zh-CN': {
    newDevice: {
      subject: '您的 SWX 账户有新的登录',
      body: '您的账户于 {time} 在新设备上登录：{device}，地址 {address}。如果是您本人，无需任何操作。',
      link: '如果不是您本人，请立即打开此链接：它会退出所有会话并锁定提现。然后请重置密码。',
    },
    changed: {
      subject: '您的 SWX 账户安全设置已更改',
      lock: '提现已锁定至 {until}。',
      notYou: '如果这不是您本人的操作，请立即重置密码并联系客服。',
    },
    change: {
      passwordChange: '您的密码已于 {time} 修改。',
      passwordReset: '您的密码已于 {time} 重置。',
      emailChange: '您账户的邮箱地址已于 {time} 改为 {detail}。',
      twoFactorOn: '两步验证登录已于 {time} 开启。',
      twoFactorOff: '两步验证登录已于 {time} 关闭。',
      twoFactorReset: '客服团队已按您的请求于 {time} 重置了您的第二验证因素。',
      passkeyAdded: '您的账户于 {time} 添加了通行密钥（{detail}）。',
      passkeyRemoved: '您的账户于 {time} 移除了通行密钥（{detail}）。',
      recoveryCodes: '已于 {time} 生成新的恢复码，旧的恢复码已失效。',
      whitelistOff: '提现白名单模式已于 {time} 关闭。',
      antiPhishing: '您的防钓鱼码已于 {time} 更改。',
      lockLifted: '客服团队已于 {time} 解除您账户的提现锁定。',
      notMe: '在您报告了一次非本人的登录后，所有会话已于 {time} 退出。',
    },
  },
  'zh-TW': {
    newDevice: {
      subject: '您的 SWX 帳戶有新的登入',
      body: '您的帳戶於 {time} 在新裝置上登入：{device}，位址 {address}。如果是您本人，無需任何操作。',
      link: '如果不是您本人，請立即開啟此連結：它會登出所有工作階段並鎖定提領。然後請重設密碼。',
    },
    changed: {
      subject: '您的 SWX 帳戶安全設定已變更',
      lock: '提領已鎖定至 {until}。',
      notYou: '如果這不是您本人的操作，請立即重設密碼並聯絡客服。',
    },
    change: {
      passwordChange: '您的密碼已於 {time} 變更。',
      passwordReset: '您的密碼已於 {time} 重設。',
      emailChange: '您帳戶的電子郵件地址已於 {time} 改為 {detail}。',
      twoFactorOn: '兩步驟驗證登入已於 {time} 開啟。',
      twoFactorOff: '兩步驟驗證登入已於 {time} 關閉。',
      twoFactorReset: '客服團隊已依您的要求於 {time} 重設了您的第二驗證因素。',
      passkeyAdded: '您的帳戶於 {time} 新增了通行金鑰（{detail}）。',
      passkeyRemoved: '您的帳戶於 {time} 移除了通行金鑰（{detail}）。',
      recoveryCodes: '已於 {time} 產生新的復原碼，舊的復原碼已失效。',
      whitelistOff: '提領白名單模式已於 {time} 關閉。',
      antiPhishing: '您的防釣魚碼已於 {time} 變更。',
      lockLifted: '客服團隊已於 {time} 解除您帳戶的提領鎖定。',
      notMe: '在您回報了一次非本人的登入後，所有工作階段已於 {time} 登出。',
    },
  },
  ja: {
    newDevice: {
      subject: 'SWX アカウントへの新しいログイン',
      body: '{time} に新しいデバイスからアカウントにログインがありました：{device}、アドレス {address}。ご本人であれば、対応は不要です。',
      link: 'ご本人でない場合は、すぐにこのリンクを開いてください。すべてのセッションからログアウトし、出金をロックします。その後パスワードを再設定してください。',
    },
    changed: {
      subject: 'SWX アカウントのセキュリティ設定が変更されました',
      lock: '出金は {until} までロックされます。',
      notYou: 'この変更に心当たりがない場合は、すぐにパスワードを再設定し、サポートにご連絡ください。',
    },
    change: {
      passwordChange: '{time} にパスワードが変更されました。',
      passwordReset: '{time} にパスワードが再設定されました。',
      emailChange: '{time} にアカウントのメールアドレスが {detail} に変更されました。',
      twoFactorOn: '{time} に二段階認証ログインがオンになりました。',
      twoFactorOff: '{time} に二段階認証ログインがオフになりました。',
      twoFactorReset: 'ご依頼により、{time} にサポートチームが第二要素をリセットしました。',
      passkeyAdded: '{time} にパスキー（{detail}）がアカウントに追加されました。',
      passkeyRemoved: '{time} にパスキー（{detail}）がアカウントから削除されました。',
      recoveryCodes: '{time} に新しいリカバリーコードが作成されました。以前のコードは使えません。',
      whitelistOff: '{time} に出金ホワイトリストモードがオフになりました。',
      antiPhishing: '{time} にフィッシング対策コードが変更されました。',
      lockLifted: '{time} にサポートチームがアカウントの出金ロックを解除しました。',
      notMe: 'ご本人以外のログインが報告されたため、{time} にすべてのセッションからログアウトしました。',
    },
  },
  ko: {
    newDevice: {
      subject: 'SWX 계정에 새 로그인이 있습니다',
      body: '{time}에 새 기기에서 계정에 로그인했습니다: {device}, 주소 {address}. 본인이라면 아무것도 하지 않으셔도 됩니다.',
      link: '본인이 아니라면 즉시 이 링크를 여세요. 모든 세션이 로그아웃되고 출금이 잠깁니다. 그런 다음 비밀번호를 재설정하세요.',
    },
    changed: {
      subject: 'SWX 계정의 보안 설정이 변경되었습니다',
      lock: '출금은 {until}까지 잠깁니다.',
      notYou: '직접 변경하지 않았다면 즉시 비밀번호를 재설정하고 고객 지원에 연락하세요.',
    },
    change: {
      passwordChange: '{time}에 비밀번호가 변경되었습니다.',
      passwordReset: '{time}에 비밀번호가 재설정되었습니다.',
      emailChange: '{time}에 계정의 이메일 주소가 {detail}(으)로 변경되었습니다.',
      twoFactorOn: '{time}에 2단계 인증 로그인이 켜졌습니다.',
      twoFactorOff: '{time}에 2단계 인증 로그인이 꺼졌습니다.',
      twoFactorReset: '요청에 따라 {time}에 고객 지원팀이 두 번째 인증 수단을 초기화했습니다.',
      passkeyAdded: '{time}에 패스키({detail})가 계정에 추가되었습니다.',
      passkeyRemoved: '{time}에 패스키({detail})가 계정에서 제거되었습니다.',
      recoveryCodes: '{time}에 새 복구 코드가 만들어졌습니다. 이전 코드는 더 이상 사용할 수 없습니다.',
      whitelistOff: '{time}에 출금 화이트리스트 모드가 꺼졌습니다.',
      antiPhishing: '{time}에 피싱 방지 코드가 변경되었습니다.',
      lockLifted: '{time}에 고객 지원팀이 계정의 출금 잠금을 해제했습니다.',
      notMe: '본인이 아닌 로그인을 신고하셔서 {time}에 모든 세션이 로그아웃되었습니다.',
    },
  },
  de: {
    newDevice: {
      subject: 'Neue Anmeldung bei Ihrem SWX-Konto',
      body: 'Ihr Konto wurde um {time} auf einem neuen Gerät angemeldet: {device}, Adresse {address}. Wenn Sie das waren, ist nichts zu tun.',
      link: 'Wenn nicht, öffnen Sie sofort diesen Link: Er meldet alle Sitzungen ab und sperrt Auszahlungen. Setzen Sie danach Ihr Passwort zurück.',
    },
    changed: {
      subject: 'Sicherheitsänderung an Ihrem SWX-Konto',
      lock: 'Auszahlungen sind bis {until} gesperrt.',
      notYou:
        'Wenn Sie diese Änderung nicht vorgenommen haben, setzen Sie Ihr Passwort zurück und wenden Sie sich sofort an den Support.',
    },
    change: {
      passwordChange: 'Ihr Passwort wurde um {time} geändert.',
      passwordReset: 'Ihr Passwort wurde um {time} zurückgesetzt.',
      emailChange: 'Die E-Mail-Adresse Ihres Kontos wurde um {time} in {detail} geändert.',
      twoFactorOn: 'Die Zwei-Faktor-Anmeldung wurde um {time} eingeschaltet.',
      twoFactorOff: 'Die Zwei-Faktor-Anmeldung wurde um {time} ausgeschaltet.',
      twoFactorReset: 'Unser Support hat Ihre zweiten Faktoren auf Ihren Wunsch um {time} zurückgesetzt.',
      passkeyAdded: 'Ein Passkey ({detail}) wurde Ihrem Konto um {time} hinzugefügt.',
      passkeyRemoved: 'Ein Passkey ({detail}) wurde um {time} aus Ihrem Konto entfernt.',
      recoveryCodes: 'Um {time} wurden neue Wiederherstellungscodes erstellt; die alten gelten nicht mehr.',
      whitelistOff: 'Der Whitelist-Modus für Auszahlungen wurde um {time} ausgeschaltet.',
      antiPhishing: 'Ihr Anti-Phishing-Code wurde um {time} geändert.',
      lockLifted: 'Unser Support hat die Auszahlungssperre Ihres Kontos um {time} aufgehoben.',
      notMe: 'Nachdem Sie eine fremde Anmeldung gemeldet haben, wurden um {time} alle Sitzungen abgemeldet.',
    },
  },
  fr: {
    newDevice: {
      subject: 'Nouvelle connexion à votre compte SWX',
      body: 'Votre compte a été connecté depuis un nouvel appareil : {device}, adresse {address}, le {time}. Si c’était vous, vous n’avez rien à faire.',
      link: 'Si ce n’était pas vous, ouvrez ce lien immédiatement : il déconnecte toutes les sessions et bloque les retraits. Réinitialisez ensuite votre mot de passe.',
    },
    changed: {
      subject: 'Modification de sécurité sur votre compte SWX',
      lock: 'Les retraits sont bloqués jusqu’au {until}.',
      notYou:
        'Si vous n’êtes pas à l’origine de cette modification, réinitialisez votre mot de passe et contactez le support immédiatement.',
    },
    change: {
      passwordChange: 'Votre mot de passe a été modifié le {time}.',
      passwordReset: 'Votre mot de passe a été réinitialisé le {time}.',
      emailChange: 'L’adresse e-mail de votre compte a été remplacée par {detail} le {time}.',
      twoFactorOn: 'La connexion à deux facteurs a été activée le {time}.',
      twoFactorOff: 'La connexion à deux facteurs a été désactivée le {time}.',
      twoFactorReset: 'Notre support a réinitialisé vos seconds facteurs à votre demande le {time}.',
      passkeyAdded: 'Une clé d’accès ({detail}) a été ajoutée à votre compte le {time}.',
      passkeyRemoved: 'Une clé d’accès ({detail}) a été retirée de votre compte le {time}.',
      recoveryCodes:
        'De nouveaux codes de récupération ont été créés le {time} ; les anciens ne fonctionnent plus.',
      whitelistOff: 'Le mode liste blanche des retraits a été désactivé le {time}.',
      antiPhishing: 'Votre code anti-hameçonnage a été modifié le {time}.',
      lockLifted: 'Notre support a levé le blocage des retraits de votre compte le {time}.',
      notMe:
        'Après votre signalement d’une connexion qui n’était pas la vôtre, toutes les sessions ont été déconnectées le {time}.',
    },
  },
  it: {
    newDevice: {
      subject: 'Nuovo accesso al tuo account SWX',
      body: 'È stato effettuato l’accesso al tuo account da un nuovo dispositivo: {device}, indirizzo {address}, il {time}. Se sei stato tu, non devi fare nulla.',
      link: 'Se non sei stato tu, apri subito questo link: chiude tutte le sessioni e blocca i prelievi. Poi reimposta la password.',
    },
    changed: {
      subject: 'Modifica di sicurezza al tuo account SWX',
      lock: 'I prelievi sono bloccati fino al {until}.',
      notYou: 'Se non hai fatto tu questa modifica, reimposta la password e contatta subito l’assistenza.',
    },
    change: {
      passwordChange: 'La tua password è stata cambiata il {time}.',
      passwordReset: 'La tua password è stata reimpostata il {time}.',
      emailChange: 'L’indirizzo e-mail del tuo account è stato cambiato in {detail} il {time}.',
      twoFactorOn: 'L’accesso a due fattori è stato attivato il {time}.',
      twoFactorOff: 'L’accesso a due fattori è stato disattivato il {time}.',
      twoFactorReset: 'Il nostro supporto ha reimpostato i tuoi secondi fattori su tua richiesta il {time}.',
      passkeyAdded: 'Una passkey ({detail}) è stata aggiunta al tuo account il {time}.',
      passkeyRemoved: 'Una passkey ({detail}) è stata rimossa dal tuo account il {time}.',
      recoveryCodes:
        'Il {time} sono stati creati nuovi codici di recupero; quelli vecchi non funzionano più.',
      whitelistOff: 'La modalità whitelist dei prelievi è stata disattivata il {time}.',
      antiPhishing: 'Il tuo codice anti-phishing è stato cambiato il {time}.',
      lockLifted: 'Il nostro supporto ha rimosso il blocco dei prelievi dal tuo account il {time}.',
      notMe: 'Dopo la tua segnalazione di un accesso non tuo, tutte le sessioni sono state chiuse il {time}.',
    },
  },
  es: {
    newDevice: {
      subject: 'Nuevo inicio de sesión en tu cuenta de SWX',
      body: 'Se inició sesión en tu cuenta desde un dispositivo nuevo: {device}, dirección {address}, el {time}. Si fuiste tú, no tienes que hacer nada.',
      link: 'Si no fuiste tú, abre este enlace de inmediato: cierra todas las sesiones y bloquea los retiros. Después restablece tu contraseña.',
    },
    changed: {
      subject: 'Cambio de seguridad en tu cuenta de SWX',
      lock: 'Los retiros están bloqueados hasta el {until}.',
      notYou: 'Si no hiciste este cambio, restablece tu contraseña y contacta con soporte de inmediato.',
    },
    change: {
      passwordChange: 'Tu contraseña se cambió el {time}.',
      passwordReset: 'Tu contraseña se restableció el {time}.',
      emailChange: 'El correo electrónico de tu cuenta se cambió a {detail} el {time}.',
      twoFactorOn: 'El inicio de sesión en dos pasos se activó el {time}.',
      twoFactorOff: 'El inicio de sesión en dos pasos se desactivó el {time}.',
      twoFactorReset:
        'Nuestro equipo de soporte restableció tus segundos factores a petición tuya el {time}.',
      passkeyAdded: 'Se añadió una llave de acceso ({detail}) a tu cuenta el {time}.',
      passkeyRemoved: 'Se quitó una llave de acceso ({detail}) de tu cuenta el {time}.',
      recoveryCodes: 'Se crearon nuevos códigos de recuperación el {time}; los anteriores ya no funcionan.',
      whitelistOff: 'El modo de lista blanca de retiros se desactivó el {time}.',
      antiPhishing: 'Tu código antiphishing se cambió el {time}.',
      lockLifted: 'Nuestro equipo de soporte levantó el bloqueo de retiros de tu cuenta el {time}.',
      notMe:
        'Tras avisarnos de un inicio de sesión que no fue tuyo, se cerraron todas las sesiones el {time}.',
    },
  },
  ar: {
    newDevice: {
      subject: 'تسجيل دخول جديد إلى حسابك في SWX',
      body: 'سُجّل الدخول إلى حسابك من جهاز جديد: {device}، العنوان {address}، في {time}. إذا كنت أنت، فلا داعي لأي إجراء.',
      link: 'إذا لم تكن أنت، فافتح هذا الرابط فورًا: فهو يُنهي كل الجلسات ويُقفل السحب. ثم أعد تعيين كلمة المرور.',
    },
    changed: {
      subject: 'تغيير أمني في حسابك في SWX',
      lock: 'السحب مُقفل حتى {until}.',
      notYou: 'إذا لم تُجرِ هذا التغيير، فأعد تعيين كلمة المرور وتواصل مع الدعم فورًا.',
    },
    change: {
      passwordChange: 'غُيّرت كلمة مرورك في {time}.',
      passwordReset: 'أُعيد تعيين كلمة مرورك في {time}.',
      emailChange: 'غُيّر البريد الإلكتروني لحسابك إلى {detail} في {time}.',
      twoFactorOn: 'فُعّل تسجيل الدخول بخطوتين في {time}.',
      twoFactorOff: 'أُوقف تسجيل الدخول بخطوتين في {time}.',
      twoFactorReset: 'أعاد فريق الدعم تعيين عوامل التحقق الثانية بناءً على طلبك في {time}.',
      passkeyAdded: 'أُضيف مفتاح مرور ({detail}) إلى حسابك في {time}.',
      passkeyRemoved: 'أُزيل مفتاح مرور ({detail}) من حسابك في {time}.',
      recoveryCodes: 'أُنشئت رموز استرداد جديدة في {time}؛ ولم تعد الرموز القديمة صالحة.',
      whitelistOff: 'أُوقف وضع القائمة البيضاء للسحب في {time}.',
      antiPhishing: 'غُيّر رمز مكافحة التصيد الخاص بك في {time}.',
      lockLifted: 'رفع فريق الدعم قفل السحب عن حسابك في {time}.',
      notMe: 'بعد إبلاغك عن تسجيل دخول لم يكن منك، أُنهيت كل الجلسات في {time}.',
    },
  },
};

/** A time both versions of a mail read the same way: `2026-11-27 06:15 UTC`. */
export function mailTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function versionsOf(language: MailLanguage): MailLanguage[] {
  return language === 'en' ? ['en'] : [language, 'en'];
}

function compose(
  to: string,
  language: MailLanguage,
  subject: string,
  paragraphs: (lang: MailLanguage) => string[],
  link?: string,
): Mail {
  const versions = versionsOf(language);
  const text = versions.map((lang) => paragraphs(lang).join('\n')).join('\n\n') + '\n\nSWX\n';
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...versions.flatMap((lang) =>
      paragraphs(lang).map((paragraph) => {
        const body =
          link && paragraph.includes(link)
            ? escapeHtml(paragraph).replace(
                escapeHtml(link),
                `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
              )
            : escapeHtml(paragraph);
        return `<p lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">${body}</p>`;
      }),
    ),
    '<p>SWX</p></body></html>',
  ].join('\n');
  return { to, subject, text, html, language };
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A sign-in from a device the customer has not used before, with the "this was not me" link. */
export function newDeviceMail(options: {
  to: string;
  language: MailLanguage;
  device: string;
  address: string;
  at: Date;
  notMeLink: string;
}): Mail {
  const values = { device: options.device, address: options.address, time: mailTime(options.at) };
  return compose(
    options.to,
    options.language,
    texts[options.language].newDevice.subject,
    (lang) => [
      fill(texts[lang].newDevice.body, values),
      `${texts[lang].newDevice.link} ${options.notMeLink}`,
    ],
    options.notMeLink,
  );
}

/** A change to the account's security, and the withdrawal lock it started (if any). */
export function securityChangeMail(options: {
  to: string;
  language: MailLanguage;
  change: SecurityChange;
  at: Date;
  detail?: string;
  lockedUntil?: Date | null;
}): Mail {
  const values = {
    time: mailTime(options.at),
    detail: options.detail ?? '',
    until: options.lockedUntil ? mailTime(options.lockedUntil) : '',
  };
  return compose(options.to, options.language, texts[options.language].changed.subject, (lang) => [
    fill(texts[lang].change[options.change], values),
    ...(options.lockedUntil ? [fill(texts[lang].changed.lock, values)] : []),
    texts[lang].changed.notYou,
  ]);
}
