// `npm start`: the whole product on this machine — embedded Postgres, the Supabase-compatible API
// and the SPA — with the URLs and demo logins printed. Ctrl-C stops everything.
import { DEMO_ACCOUNTS } from './config.ts';
import { StartupError } from './db.ts';
import { startStack, type Stack } from './stack.ts';

const log = (line: string): void => console.log(line);

async function main(): Promise<void> {
  const web = process.env.SDV_NO_WEB !== '1';
  let stack: Stack;
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

  const lines = [
    '',
    '════════════════════════════════════════════════════════════════════',
    '  Sàn Dịch Vụ đang chạy trên máy này',
    '════════════════════════════════════════════════════════════════════',
    ...(web
      ? [`  Trang công khai:   ${stack.webUrl}/`, `  Trang quản trị:    ${stack.webUrl}/admin`]
      : ['  (Không phục vụ giao diện vì SDV_NO_WEB=1; dùng "npm run dev" cho Vite)']),
    `  API (Supabase):    ${stack.apiUrl}`,
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

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      log(`Nhận ${signal} lần nữa, thoát ngay.`);
      process.exit(1);
    }
    stopping = true;
    log(`\nĐang dừng (${signal}) …`);
    stack
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
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
}

await main();
