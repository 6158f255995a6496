import { describe, expect, it } from 'vitest';
import { foldVietnamese, highlightParts, highlightRanges, isUuid, textArg } from './search.ts';

describe('search helpers', () => {
  it('accepts uuids in any case and nothing else', () => {
    expect(isUuid('00000000-0000-4000-A000-000000000003')).toBe(true);
    expect(isUuid('00000000-0000-4000-a000-00000000000')).toBe(false);
    expect(isUuid("00000000-0000-4000-a000-000000000003' or 1=1")).toBe(false);
    expect(isUuid('')).toBe(false);
  });

  it('sends typed text trimmed, and nothing for blanks', () => {
    expect(textArg('p_search', '  Điện lạnh ')).toEqual({ p_search: 'Điện lạnh' });
    expect(textArg('p_search', '   ')).toEqual({});
    expect(textArg('p_search', '')).toEqual({});
  });
});

describe('accent-insensitive highlight', () => {
  const marked = (text: string, term: string) =>
    highlightParts(text, term)
      .map((part) => (part.match ? `[${part.text}]` : part.text))
      .join('');

  it('folds like private.vi_fold: lower-case, no accents, đ → d', () => {
    expect(foldVietnamese('Nguyễn Đỗ Cả Ngày')).toBe('nguyen do ca ngay');
    expect(foldVietnamese('ĐIỆN')).toBe('dien');
  });

  it('"nguyen" marks "Nguyễn", "do" marks "Đỗ", "ca ngay" marks "Cả ngày"', () => {
    expect(marked('Nguyễn Văn An', 'nguyen')).toBe('[Nguyễn] Văn An');
    expect(marked('Đỗ Thị Hoa', 'do')).toBe('[Đỗ] Thị Hoa');
    expect(marked('Gói cả ngày (8 giờ)', 'ca ngay')).toBe('Gói [cả ngày] (8 giờ)');
    expect(marked('Gói cả ngày', 'CẢ NGÀY')).toBe('Gói [cả ngày]');
  });

  it('marks every occurrence, and each word when the phrase does not occur', () => {
    expect(marked('Sửa điện, điện nước', 'dien')).toBe('Sửa [điện], [điện] nước');
    expect(marked('Trần Thị Nguyễn', 'nguyen tran')).toBe('[Trần] Thị [Nguyễn]');
  });

  it('keeps decomposed accents with their letter and returns ranges of the original text', () => {
    const decomposed = 'Nguye\u0302\u0303n An';
    expect(highlightRanges(decomposed, 'nguyen')).toEqual([{ start: 0, end: 8 }]);
    expect(marked(decomposed, 'nguyen')).toBe(`[${decomposed.slice(0, 8)}] An`);
  });

  it('marks nothing for an empty term or no match', () => {
    expect(highlightParts('Nguyễn', '  ')).toEqual([{ text: 'Nguyễn', match: false }]);
    expect(highlightParts('Nguyễn', 'tran')).toEqual([{ text: 'Nguyễn', match: false }]);
    expect(highlightParts('', 'x')).toEqual([{ text: '', match: false }]);
  });
});
