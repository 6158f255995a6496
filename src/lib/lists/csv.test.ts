import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('quotes per RFC 4180', () => {
    expect(csvCell('đơn giản')).toBe('đơn giản');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('nói "xin chào"')).toBe('"nói ""xin chào"""');
    expect(csvCell('dòng 1\ndòng 2')).toBe('"dòng 1\ndòng 2"');
    expect(csvCell(' khoảng trắng ')).toBe('" khoảng trắng "');
  });
  it('guards text cells against formula injection', () => {
    expect(csvCell('=HYPERLINK("http://x","bấm")')).toBe('"\'=HYPERLINK(""http://x"",""bấm"")"');
    expect(csvCell('+84 901 234 567')).toBe("'+84 901 234 567");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
  });
  it('numbers stay numbers (negative amounts are not text)', () => {
    expect(csvCell(-50000)).toBe('-50000');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });
});

describe('toCsv', () => {
  it('BOM, header row, CRLF line endings', () => {
    const rows = [
      { code: 'GIAM10', uses: 3, note: 'Khách, VIP' },
      { code: '=cmd', uses: 0, note: null },
    ];
    const csv = toCsv(rows, [
      { header: 'Mã', value: (row) => row.code },
      { header: 'Đã dùng', value: (row) => row.uses },
      { header: 'Ghi chú', value: (row) => row.note },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('Mã,Đã dùng,Ghi chú\r\nGIAM10,3,"Khách, VIP"\r\n\'=cmd,0,\r\n');
  });
  it('only a header when there are no rows', () => {
    expect(toCsv([], [{ header: 'A', value: () => 1 }])).toBe('\uFEFFA\r\n');
  });
});
