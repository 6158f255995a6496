// The e-mails of the Auth server, in Vietnamese, and where they go: always into the local mailbox,
// and also through the SMTP server of [auth.email.smtp] when that section is set and enabled.
//
// [auth.rate_limit] email_sent: with an SMTP server configured (as `supabase start` applies it: its
// local mail catcher alone is not limited) and confirmations on (Supabase Auth does not limit an
// autoconfirming instance), at most that many e-mails leave per rolling hour, for the whole
// instance; the next one is refused before anything is sent or stored.
import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../supabase-config.ts';
import { SENDER, type Mailbox, type OutgoingMail } from './mailbox.ts';

export type MailKind = 'confirmation' | 'magic_link' | 'recovery' | 'invite' | 'email_change_current' | 'email_change_new' | 'reauthentication';

export interface MailContent {
  /** The one-time code the user may type instead of following the link. */
  code: string;
  /** The verification link (absent for reauthentication, which only has a code). */
  link?: string;
  /** The new address of an e-mail change. */
  newEmail?: string;
}

interface Template {
  subject: string;
  intro: (content: MailContent) => string;
  action: string;
}

const TEMPLATES: Record<MailKind, Template> = {
  confirmation: {
    subject: 'Xác nhận đăng ký tài khoản Sàn Dịch Vụ',
    intro: () => 'Cảm ơn bạn đã đăng ký. Hãy xác nhận địa chỉ e-mail để bắt đầu sử dụng tài khoản.',
    action: 'Xác nhận e-mail',
  },
  magic_link: {
    subject: 'Liên kết đăng nhập Sàn Dịch Vụ',
    intro: () => 'Dùng liên kết hoặc mã dưới đây để đăng nhập. Nếu bạn không yêu cầu, hãy bỏ qua thư này.',
    action: 'Đăng nhập',
  },
  recovery: {
    subject: 'Đặt lại mật khẩu Sàn Dịch Vụ',
    intro: () => 'Có yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Nếu không phải bạn, hãy bỏ qua thư này: mật khẩu không đổi.',
    action: 'Đặt lại mật khẩu',
  },
  invite: {
    subject: 'Lời mời tham gia Sàn Dịch Vụ',
    intro: () => 'Bạn được mời tạo tài khoản trên Sàn Dịch Vụ. Hãy nhận lời mời để đặt mật khẩu.',
    action: 'Nhận lời mời',
  },
  email_change_current: {
    subject: 'Xác nhận đổi địa chỉ e-mail',
    intro: (c) => `Có yêu cầu đổi e-mail đăng nhập của bạn sang ${c.newEmail ?? ''}. Thay đổi chỉ có hiệu lực khi cả địa chỉ cũ và địa chỉ mới đều xác nhận. Nếu không phải bạn, đừng bấm liên kết và hãy đổi mật khẩu ngay.`,
    action: 'Xác nhận đổi e-mail',
  },
  email_change_new: {
    subject: 'Xác nhận địa chỉ e-mail mới',
    intro: (c) => `Hãy xác nhận ${c.newEmail ?? 'địa chỉ này'} là e-mail đăng nhập mới của bạn. Thay đổi chỉ có hiệu lực khi cả địa chỉ cũ cũng xác nhận.`,
    action: 'Xác nhận e-mail mới',
  },
  reauthentication: {
    subject: 'Mã xác thực lại Sàn Dịch Vụ',
    intro: () => 'Nhập mã dưới đây để xác nhận thao tác nhạy cảm (ví dụ đổi mật khẩu). Nếu không phải bạn, hãy đổi mật khẩu ngay.',
    action: '',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Subject, text and HTML of one e-mail. */
export function renderMail(kind: MailKind, to: string, content: MailContent): OutgoingMail {
  const template = TEMPLATES[kind];
  const intro = template.intro(content);
  const lines = [intro, ''];
  if (content.link) lines.push(`${template.action}: ${content.link}`, '');
  lines.push(`Mã xác nhận: ${content.code}`, '', 'Sàn Dịch Vụ');
  const html =
    `<!doctype html><html lang="vi"><body style="font-family:system-ui,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(intro)}</p>` +
    (content.link ? `<p><a href="${escapeHtml(content.link)}">${escapeHtml(template.action)}</a></p>` : '') +
    `<p>Mã xác nhận: <strong>${escapeHtml(content.code)}</strong></p><p>Sàn Dịch Vụ</p></body></html>`;
  return { to, subject: template.subject, text: lines.join('\n'), html };
}

/** Thrown by Mailer.send when the hourly e-mail budget is used up (Auth answers 429). */
export class EmailRateLimitExceeded extends Error {
  constructor() {
    super('email rate limit exceeded');
  }
}

const HOUR_MS = 60 * 60 * 1000;

/** At most `perHour` sends in any rolling hour. */
export class EmailBudget {
  private readonly sent: number[] = [];

  constructor(
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one send from the budget; false (nothing taken) when it is used up. */
  take(): boolean {
    const cutoff = this.now() - HOUR_MS;
    while (this.sent.length > 0 && this.sent[0]! <= cutoff) this.sent.shift();
    if (this.sent.length >= this.perHour) return false;
    this.sent.push(this.now());
    return true;
  }
}

export class Mailer {
  private readonly transport: Transporter | undefined;

  /** `budget`: the email_sent limit when it applies (see the header of this file). */
  constructor(
    readonly mailbox: Mailbox,
    private readonly smtp: SmtpConfig | undefined,
    private readonly log: (line: string) => void,
    private readonly budget?: EmailBudget,
  ) {
    if (smtp?.enabled) {
      this.transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        auth: smtp.user === '' ? undefined : { user: smtp.user, pass: smtp.pass },
      });
    }
  }

  /** Delivers one e-mail to the mailbox (and the SMTP server when configured). */
  async send(kind: MailKind, to: string, content: MailContent): Promise<void> {
    if (this.budget && !this.budget.take()) throw new EmailRateLimitExceeded();
    await this.deliver(renderMail(kind, to, content));
  }

  /** Delivers an e-mail already written (the database's notices, ./outbox.ts) as `send` does, outside Auth's budget. */
  async deliver(mail: OutgoingMail): Promise<void> {
    const { to } = mail;
    this.mailbox.add(mail);
    if (!this.transport || !this.smtp) return;
    try {
      await this.transport.sendMail({
        from: { name: this.smtp.sender_name || SENDER.Name, address: this.smtp.admin_email },
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (error) {
      this.log(`[mail] không gửi được thư "${mail.subject}" đến ${to} qua SMTP: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  close(): void {
    this.transport?.close();
  }
}
