import type { Mail } from '../mail/mailer';

// The back office's e-mails to staff members, in its two languages (English, then Simplified Chinese). They
// carry a one-time secret: never logged, never audited.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function mail(to: string, subject: string, paragraphs: string[]): Mail {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join(''),
  };
}

/** The one-time link that sets a new password; the token travels in the fragment, never sent to a server log. */
export function passwordResetMail(to: string, username: string, link: string, hours: number): Mail {
  return mail(to, 'SWX back office: set a new password / SWX 后台：设置新密码', [
    `Hello ${username},`,
    `An administrator asked for your back-office password to be reset. Open this link within ${hours} hours to choose a new password. It works once.`,
    link,
    'If you did not expect this, tell your security team. Your current password keeps working until the link is used.',
    `${username}，您好：`,
    `管理员为您申请了重置后台密码。请在 ${hours} 小时内打开以上链接设置新密码，该链接只能使用一次。`,
    '如非预期，请告知安全团队。在链接被使用之前，您当前的密码仍然有效。',
  ]);
}

/** The code that, with the password, lets a member enrol an authenticator again after an admin reset it. */
export function enrolmentCodeMail(to: string, username: string, code: string, minutes: number): Mail {
  return mail(to, 'SWX back office: your two-factor enrolment code / SWX 后台：双重验证绑定码', [
    `Hello ${username},`,
    `Your code to set up two-factor sign-in again is ${code}. It is valid for ${minutes} minutes. Never share it.`,
    'If you did not ask for it, tell your security team at once.',
    `${username}，您好：`,
    `您重新绑定双重验证的验证码是 ${code}，${minutes} 分钟内有效。切勿向任何人透露。`,
    '如非本人操作，请立即告知安全团队。',
  ]);
}

/** `a•••@example.com`: enough for the admin to see where a link went, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
