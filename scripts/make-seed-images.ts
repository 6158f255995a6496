// Remakes the sample images in supabase/seed-files/ that `npm run seed:storage` uploads for the
// Storage objects the seed data refers to (provider documents, chat images). Each image is a small
// HTML card rendered by the system Chromium (headless, no downloads): .jpg files are JPEG, .png
// files PNG. Run: `npx tsx scripts/make-seed-images.ts` (needs /usr/bin/chromium).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SEED_FILES_DIR = path.join(ROOT_DIR, 'supabase', 'seed-files');
const MAX_BYTES = 60 * 1024;

interface SampleImage {
  file: string;
  width: number;
  height: number;
  html: string;
}

const BASE_CSS = `
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: 100%; height: 100%; background: #ffffff; }
  body { font-family: 'Noto Sans', 'DejaVu Sans', sans-serif; color: #1f2937; }
`;

const WATERMARK = `<div class="wm">MẪU – KHÔNG CÓ GIÁ TRỊ SỬ DỤNG</div>`;
const WATERMARK_CSS = `
  .wm { position: absolute; left: 50%; top: 55%; transform: translate(-50%, -50%) rotate(-18deg);
        font-size: 28px; font-weight: 800; letter-spacing: 2px; color: rgba(220, 38, 38, 0.16);
        white-space: nowrap; pointer-events: none; }
`;

const cccdFront: SampleImage = {
  file: 'cccd-truoc.jpg',
  width: 640,
  height: 404,
  html: `<!doctype html><html lang="vi"><head><meta charset="utf-8"><style>${BASE_CSS}${WATERMARK_CSS}
    .card { position: relative; width: 640px; height: 404px; border-radius: 22px; overflow: hidden;
            background: linear-gradient(135deg, #e0f2fe 0%, #f0fdf4 45%, #fef9c3 100%); border: 2px solid #93c5fd; }
    .guilloche { position: absolute; inset: 0; opacity: .35;
            background: repeating-radial-gradient(circle at 78% 60%, transparent 0 9px, #bae6fd 9px 10px); }
    .head { position: relative; display: flex; align-items: center; gap: 14px; padding: 16px 22px 6px; }
    .emblem { width: 58px; height: 58px; border-radius: 50%; background: #dc2626; display: flex; align-items: center;
              justify-content: center; border: 3px solid #facc15; flex: none; }
    .emblem span { color: #facc15; font-size: 34px; line-height: 1; }
    .nation { text-align: center; flex: 1; }
    .nation .l1 { font-size: 15px; font-weight: 700; color: #1e3a8a; letter-spacing: .3px; }
    .nation .l2 { font-size: 13px; font-weight: 600; color: #1e3a8a; }
    .title { position: relative; text-align: center; font-size: 19px; font-weight: 800; color: #b91c1c; margin: 6px 0 10px; }
    .body { position: relative; display: flex; gap: 20px; padding: 0 24px; }
    .photo { width: 128px; height: 164px; border-radius: 8px; background: #cbd5e1; border: 2px solid #64748b;
             position: relative; overflow: hidden; flex: none; }
    .photo .h { position: absolute; left: 36px; top: 26px; width: 56px; height: 62px; border-radius: 50%; background: #64748b; }
    .photo .b { position: absolute; left: 14px; top: 96px; width: 100px; height: 90px; border-radius: 50px 50px 0 0; background: #64748b; }
    .fields { font-size: 14px; line-height: 1.55; flex: 1; }
    .fields .lbl { color: #475569; }
    .fields b { color: #0f172a; }
    .no { font-size: 20px; font-weight: 800; color: #b91c1c; letter-spacing: 2px; }
  </style></head><body><div class="card"><div class="guilloche"></div>
    <div class="head"><div class="emblem"><span>★</span></div>
      <div class="nation"><div class="l1">CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM</div><div class="l2">Độc lập – Tự do – Hạnh phúc</div></div></div>
    <div class="title">CĂN CƯỚC CÔNG DÂN – MẶT TRƯỚC (MẪU)</div>
    <div class="body"><div class="photo"><div class="h"></div><div class="b"></div></div>
      <div class="fields">
        <div><span class="lbl">Số / No.:</span> <span class="no">079 000 000 000</span></div>
        <div><span class="lbl">Họ và tên:</span> <b>NGUYỄN VĂN MẪU</b></div>
        <div><span class="lbl">Ngày sinh:</span> <b>01/01/1990</b> &nbsp; <span class="lbl">Giới tính:</span> <b>Nam</b></div>
        <div><span class="lbl">Quốc tịch:</span> <b>Việt Nam</b></div>
        <div><span class="lbl">Quê quán:</span> <b>Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh</b></div>
        <div><span class="lbl">Nơi thường trú:</span> <b>12 Đường Mẫu, Phường 1, TP. Thủ Đức</b></div>
        <div><span class="lbl">Có giá trị đến:</span> <b>01/01/2035</b></div>
      </div></div>
    ${WATERMARK}</div></body></html>`,
};

const cccdBack: SampleImage = {
  file: 'cccd-sau.jpg',
  width: 640,
  height: 404,
  html: `<!doctype html><html lang="vi"><head><meta charset="utf-8"><style>${BASE_CSS}${WATERMARK_CSS}
    .card { position: relative; width: 640px; height: 404px; border-radius: 22px; overflow: hidden;
            background: linear-gradient(160deg, #f0f9ff 0%, #ecfeff 50%, #f5f3ff 100%); border: 2px solid #93c5fd; }
    .title { text-align: center; font-size: 18px; font-weight: 800; color: #1e3a8a; padding: 14px 0 8px; }
    .row { display: flex; gap: 20px; padding: 0 24px; }
    .info { flex: 1; font-size: 14px; line-height: 1.6; }
    .info .lbl { color: #475569; }
    .prints { display: flex; gap: 12px; flex: none; }
    .print { width: 92px; height: 116px; border: 2px solid #94a3b8; border-radius: 8px; background: #fff;
             display: flex; flex-direction: column; align-items: center; justify-content: space-between; padding: 6px 0 4px; }
    .print .fp { width: 62px; height: 80px; border-radius: 50% 50% 46% 46%;
                 background: repeating-radial-gradient(ellipse at 50% 60%, #475569 0 1.5px, transparent 1.5px 5px); opacity: .8; }
    .print small { font-size: 10.5px; color: #334155; }
    .sign { padding: 8px 24px 0; font-size: 13px; color: #334155; }
    .sign b { color: #1e3a8a; }
    .stamp { display: inline-flex; align-items: center; justify-content: center; margin-left: 16px; width: 66px; height: 66px;
             border-radius: 50%; border: 3px solid #dc2626; color: #dc2626; font-size: 9px; font-weight: 700; text-align: center;
             line-height: 1.15; vertical-align: middle; transform: rotate(-12deg); }
    .mrz { position: absolute; left: 0; right: 0; bottom: 0; padding: 8px 24px 10px; background: #ffffffcc;
           font-family: 'DejaVu Sans Mono', monospace; font-size: 15px; letter-spacing: 2.2px; color: #0f172a; line-height: 1.35; }
  </style></head><body><div class="card">
    <div class="title">CĂN CƯỚC CÔNG DÂN – MẶT SAU (MẪU)</div>
    <div class="row">
      <div class="info">
        <div class="lbl">Đặc điểm nhân dạng:</div>
        <div>Nốt ruồi C: 1 cm trên sau đầu mày phải</div>
        <div><span class="lbl">Ngày, tháng, năm:</span> 01/01/2025</div>
        <div class="sign">CỤC TRƯỞNG CỤC CẢNH SÁT<br><b>QUẢN LÝ HÀNH CHÍNH (MẪU)</b><span class="stamp">CON DẤU<br>MẪU</span></div>
      </div>
      <div class="prints">
        <div class="print"><div class="fp"></div><small>Ngón trỏ trái</small></div>
        <div class="print"><div class="fp"></div><small>Ngón trỏ phải</small></div>
      </div>
    </div>
    <div class="mrz">IDVNM0000000000079000000000&lt;&lt;1<br>9001011M3501011VNM&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;8<br>NGUYEN&lt;&lt;VAN&lt;MAU&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</div>
    ${WATERMARK}</div></body></html>`,
};

// PNG: flat colours only, so that it stays small.
const certificate: SampleImage = {
  file: 'chung-chi.png',
  width: 640,
  height: 452,
  html: `<!doctype html><html lang="vi"><head><meta charset="utf-8"><style>${BASE_CSS}${WATERMARK_CSS}
    body { background: #fffbeb; }
    .sheet { position: relative; width: 640px; height: 452px; padding: 14px; background: #fffbeb; }
    .frame { position: relative; height: 100%; border: 6px double #b45309; padding: 16px 28px; text-align: center; }
    .nation { font-family: 'Noto Serif', serif; font-size: 13px; font-weight: 700; color: #78350f; }
    .motto { font-family: 'Noto Serif', serif; font-size: 12px; color: #78350f; margin-bottom: 10px; }
    h1 { font-family: 'Noto Serif', serif; font-size: 30px; color: #b91c1c; letter-spacing: 1px; margin: 8px 0 4px; }
    .sub { font-size: 13px; color: #57534e; margin-bottom: 14px; }
    .grant { font-size: 15px; color: #292524; line-height: 1.7; }
    .grant b { color: #0f172a; }
    .name { font-family: 'Noto Serif', serif; font-size: 22px; font-weight: 700; color: #1e3a8a; margin: 2px 0; }
    .foot { position: absolute; left: 28px; right: 28px; bottom: 16px; display: flex; justify-content: space-between; align-items: flex-end; font-size: 12px; color: #44403c; }
    .seal { width: 84px; height: 84px; border-radius: 50%; border: 4px solid #dc2626; color: #dc2626; font-size: 10px; font-weight: 800;
            display: flex; align-items: center; justify-content: center; text-align: center; transform: rotate(-10deg); }
    .signer { text-align: center; }
    .signer b { display: block; margin-top: 22px; font-size: 13px; color: #1c1917; }
  </style></head><body><div class="sheet"><div class="frame">
    <div class="nation">CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM</div>
    <div class="motto">Độc lập – Tự do – Hạnh phúc</div>
    <h1>CHỨNG CHỈ NGHỀ (MẪU)</h1>
    <div class="sub">Số hiệu: CCN-0000/2025 · Sàn Dịch Vụ – dữ liệu minh hoạ</div>
    <div class="grant">Chứng nhận ông/bà<div class="name">Nguyễn Văn Mẫu</div>
      đã hoàn thành khoá đào tạo nghề <b>Sửa chữa điện nước dân dụng</b><br>
      trình độ <b>Sơ cấp</b>, xếp loại <b>Khá</b>.</div>
    <div class="foot"><div class="seal">TRƯỜNG<br>NGHỀ MẪU</div>
      <div class="signer">TP. Hồ Chí Minh, ngày 01 tháng 01 năm 2025<br>HIỆU TRƯỞNG<b>(đã ký – mẫu)</b></div></div>
    ${WATERMARK}</div></div></body></html>`,
};

// A photo-like illustration of the state of a kitchen sink (what customers send in chat).
const siteSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe6d8"/><stop offset="1" stop-color="#d9ccb8"/></linearGradient>
    <linearGradient id="tile" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#cbd5e1"/></linearGradient>
    <linearGradient id="cab" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a16207"/><stop offset="1" stop-color="#713f12"/></linearGradient>
    <linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#94a3b8"/><stop offset=".5" stop-color="#e2e8f0"/><stop offset="1" stop-color="#64748b"/></linearGradient>
    <radialGradient id="light" cx=".25" cy=".15" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></radialGradient>
    <radialGradient id="stain" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#6b4f2a" stop-opacity=".55"/><stop offset="1" stop-color="#6b4f2a" stop-opacity="0"/></radialGradient>
    <radialGradient id="puddle" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#60a5fa" stop-opacity=".55"/><stop offset="1" stop-color="#93c5fd" stop-opacity="0"/></radialGradient>
    <pattern id="tiles" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="url(#tile)"/><path d="M0 .5H40M.5 0V40" stroke="#94a3b8" stroke-width="1.5"/></pattern>
  </defs>
  <rect width="640" height="480" fill="url(#wall)"/>
  <rect x="0" y="60" width="640" height="200" fill="url(#tiles)"/>
  <ellipse cx="470" cy="150" rx="90" ry="70" fill="url(#stain)"/>
  <path d="M455 80 l12 30 -8 22 14 26 -6 30" stroke="#57534e" stroke-width="2.5" fill="none"/>
  <rect x="0" y="258" width="640" height="24" fill="#e7e5e4"/>
  <rect x="0" y="280" width="640" height="200" fill="url(#cab)"/>
  <path d="M320 290V470" stroke="#422006" stroke-width="3"/>
  <rect x="292" y="360" width="10" height="36" rx="4" fill="#d6d3d1"/><rect x="338" y="360" width="10" height="36" rx="4" fill="#d6d3d1"/>
  <rect x="150" y="236" width="230" height="30" rx="8" fill="url(#steel)"/>
  <rect x="166" y="244" width="198" height="16" rx="6" fill="#475569"/>
  <path d="M265 240V178q0-24 24-24h22" stroke="url(#steel)" stroke-width="12" fill="none" stroke-linecap="round"/>
  <rect x="250" y="226" width="30" height="16" rx="4" fill="#94a3b8"/>
  <path d="M311 160q6 8 4 20" stroke="#60a5fa" stroke-width="3" fill="none"/>
  <circle cx="315" cy="196" r="4" fill="#60a5fa"/><circle cx="316" cy="214" r="3" fill="#60a5fa"/>
  <path d="M220 282v50q0 14 14 14h60" stroke="#9ca3af" stroke-width="10" fill="none"/>
  <circle cx="236" cy="346" r="8" fill="#3b82f6" opacity=".8"/>
  <ellipse cx="236" cy="420" rx="120" ry="26" fill="url(#puddle)"/>
  <rect width="640" height="480" fill="url(#light)"/>
  <g font-family="Noto Sans, DejaVu Sans, sans-serif">
    <rect x="14" y="14" width="278" height="34" rx="8" fill="#000" opacity=".55"/>
    <text x="28" y="37" font-size="17" font-weight="700" fill="#fff">Ảnh hiện trạng (mẫu)</text>
    <rect x="14" y="436" width="290" height="30" rx="8" fill="#000" opacity=".5"/>
    <text x="26" y="456" font-size="14" fill="#fff">Rò nước dưới bồn rửa – tầng 2</text>
    <text x="626" y="466" font-size="12" fill="#fff" text-anchor="end" opacity=".85">01/11/2024 09:15</text>
  </g>
</svg>`;

const sitePhoto: SampleImage = {
  file: 'anh-hien-trang.jpg',
  width: 640,
  height: 480,
  html: `<!doctype html><html lang="vi"><head><meta charset="utf-8"><style>${BASE_CSS} svg { display: block; }</style></head><body>${siteSvg}</body></html>`,
};

export const SAMPLE_IMAGES: readonly SampleImage[] = [cccdFront, cccdBack, certificate, sitePhoto];

async function main(): Promise<void> {
  await mkdir(SEED_FILES_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const image of SAMPLE_IMAGES) {
      const page = await browser.newPage({ viewport: { width: image.width, height: image.height }, deviceScaleFactor: 1 });
      await page.setContent(image.html, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const isPng = image.file.endsWith('.png');
      const bytes = await page.screenshot(isPng ? { type: 'png' } : { type: 'jpeg', quality: 78 });
      await page.close();
      if (bytes.length > MAX_BYTES) throw new Error(`${image.file}: ${bytes.length} bytes, over ${MAX_BYTES} bytes`);
      await writeFile(path.join(SEED_FILES_DIR, image.file), bytes);
      console.log(`  ✓ ${image.file}: ${image.width}×${image.height}, ${(bytes.length / 1024).toFixed(1)} kB`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
