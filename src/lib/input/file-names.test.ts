import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-names.ts';

describe('safeFileName', () => {
  it('turns Vietnamese names into ASCII, keeping the extension', () => {
    expect(safeFileName('Ảnh CCCD mặt trước.JPG')).toBe('Anh-CCCD-mat-truoc.JPG');
    expect(safeFileName('Đơn đăng ký.jpg')).toBe('Don-dang-ky.jpg');
    expect(safeFileName('Chứng chỉ hành nghề (mặt trước).PNG')).toBe('Chung-chi-hanh-nghe-mat-truoc.PNG');
    expect(safeFileName('Ảnh bìa Tết.png')).toBe('Anh-bia-Tet.png');
    for (const name of ['Ảnh CCCD mặt trước.JPG', 'Bằng lái xe hạng B2 – bản sao.pdf', 'ỨNG VIÊN đợt 1.webp']) {
      expect(safeFileName(name)).toMatch(/^[A-Za-z0-9._-]+$/);
    }
  });

  it('never contains path separators, parent segments or a leading dot', () => {
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileName('C:\\Users\\An\\ảnh.png')).toBe('C-Users-An-anh.png');
    expect(safeFileName('a/../b..png')).toBe('a-b.png');
    expect(safeFileName('.env')).toBe('env');
    for (const name of ['../x', '..\\..\\y', '/abs/path.png', 'a/b/c']) {
      const safe = safeFileName(name);
      expect(safe).not.toMatch(/[/\\]/);
      expect(safe).not.toContain('..');
      expect(safe.startsWith('.')).toBe(false);
    }
  });

  it('is never empty', () => {
    expect(safeFileName('###')).toBe('file');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName('  ... ')).toBe('file');
    expect(safeFileName('漢字', 'banner')).toBe('banner');
  });

  it('keeps at most 120 characters, from the end so the extension survives', () => {
    const safe = safeFileName(`${'a'.repeat(300)}.png`);
    expect(safe).toHaveLength(120);
    expect(safe.endsWith('.png')).toBe(true);
    expect(safeFileName(`${'ă'.repeat(200)}-b.png`)).toBe(`${'a'.repeat(114)}-b.png`);
    expect(safeFileName(`${'-'.repeat(200)}.png`)).toBe('png');
  });
});
