// Delivers the notices the database queues in private.email_outbox (supabase/schemas/40_admin_profile_email.sql:
// the old and the new address of an e-mail an admin changed), as a Database Webhook or a scheduled
// Edge Function does on hosted Supabase (docs/database.md#e-mail-outbox): every couple of seconds
// the unsent rows are read, written into the mailbox (and through SMTP when configured) and marked
// sent, each in the transaction that locks it, so two stacks on one database never send one twice.
import pg from 'pg';
import type { OutgoingMail } from './mailbox.ts';

export interface OutboxRow {
  id: string;
  to_email: string;
  kind: string;
  payload: { old_email?: string | null; new_email?: string | null };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The e-mail of one outbox row, in Vietnamese; null for a kind this stack does not know. */
export function renderOutboxMail(row: OutboxRow): OutgoingMail | null {
  const oldEmail = row.payload.old_email ?? '';
  const newEmail = row.payload.new_email ?? '';
  let subject: string;
  let lines: string[];
  if (row.kind === 'email_changed_old') {
    subject = 'E-mail đăng nhập Sàn Dịch Vụ của bạn đã được đổi';
    lines = [
      `Quản trị viên đã đổi e-mail đăng nhập của tài khoản ${oldEmail} sang ${newEmail}.`,
      'Từ nay bạn đăng nhập bằng địa chỉ mới. Nếu bạn không yêu cầu thay đổi này, hãy liên hệ ngay với Sàn Dịch Vụ.',
    ];
  } else if (row.kind === 'email_changed_new') {
    subject = 'Địa chỉ này là e-mail đăng nhập mới của bạn tại Sàn Dịch Vụ';
    lines = [
      `Quản trị viên đã đặt ${newEmail} làm e-mail đăng nhập của tài khoản${oldEmail ? ` (trước đây: ${oldEmail})` : ''}.`,
      'Mật khẩu không đổi. Nếu bạn không yêu cầu thay đổi này, hãy liên hệ ngay với Sàn Dịch Vụ.',
    ];
  } else {
    return null;
  }
  const html =
    '<!doctype html><html lang="vi"><body style="font-family:system-ui,sans-serif;color:#1f2937">' +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    '<p>Sàn Dịch Vụ</p></body></html>';
  return { to: row.to_email, subject, text: [...lines, '', 'Sàn Dịch Vụ'].join('\n'), html };
}

export class OutboxDelivery {
  private readonly pool: pg.Pool;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    dbUrl: string,
    private readonly deliver: (mail: OutgoingMail) => Promise<void>,
    private readonly log: (line: string) => void,
    private readonly intervalMs = 1000,
  ) {
    this.pool = new pg.Pool({ connectionString: dbUrl, max: 1, idleTimeoutMillis: 10_000 });
    // A connection lost while Postgres restarts is reported here instead of crashing the server.
    this.pool.on('error', () => undefined);
  }

  start(): void {
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep().then(() => undefined).finally(() => {
        this.running = undefined;
        this.schedule();
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Sends every unsent notice; errors (a restarting database, an SMTP failure) wait for the next sweep. */
  async sweep(): Promise<number> {
    let sent = 0;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      for (;;) {
        await client.query('begin');
        const { rows } = await client.query<OutboxRow>(
          `select id::text, to_email, kind, payload from private.email_outbox
            where sent_at is null order by id limit 1 for update skip locked`,
        );
        const row = rows[0];
        if (!row) {
          await client.query('commit');
          break;
        }
        const mail = renderOutboxMail(row);
        if (mail) await this.deliver(mail);
        await client.query('update private.email_outbox set sent_at = now() where id = $1', [row.id]);
        await client.query('commit');
        sent += 1;
      }
    } catch (error) {
      await client?.query('rollback').catch(() => undefined);
      // The table is missing before the migrations ran: nothing to send yet.
      if (!(error instanceof Error && /email_outbox" does not exist/.test(error.message))) {
        this.log(`[mail] thư báo chưa gửi được, sẽ thử lại: ${error instanceof Error ? error.message : String(error)}`);
      }
    } finally {
      client?.release();
    }
    return sent;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
    await this.pool.end();
  }
}
