import { describe, expect, it } from 'vitest';
import { checkDocumentFile, defaultDocumentName, documentPath, MAX_DOCUMENT_BYTES } from './document-rules.ts';

describe('checkDocumentFile', () => {
  it('accepts images up to exactly 5 MB', () => {
    expect(checkDocumentFile({ name: 'a.png', type: 'image/png', size: MAX_DOCUMENT_BYTES })).toBeUndefined();
    expect(checkDocumentFile({ name: 'a.webp', type: 'image/webp', size: 1 })).toBeUndefined();
  });

  it('refuses a file that is not an image with the message of the catalogue', () => {
    expect(checkDocumentFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe('Vui lòng chọn file hình ảnh');
    expect(checkDocumentFile({ name: 'a', type: '', size: 10 })).toBe('Vui lòng chọn file hình ảnh');
  });

  it('refuses one byte over 5 MB with the message of the catalogue', () => {
    expect(checkDocumentFile({ name: 'a.jpg', type: 'image/jpeg', size: 5_242_881 })).toBe(
      'File quá lớn. Vui lòng chọn file nhỏ hơn 5MB.',
    );
  });
});

describe('defaultDocumentName', () => {
  it('drops only the last extension', () => {
    expect(defaultDocumentName('Giấy phép kinh doanh.final.png')).toBe('Giấy phép kinh doanh.final');
    expect(defaultDocumentName('cmnd.jpg')).toBe('cmnd');
  });

  it('keeps names without an extension and dot-files', () => {
    expect(defaultDocumentName('README')).toBe('README');
    expect(defaultDocumentName('.hidden')).toBe('.hidden');
  });
});

describe('document paths', () => {
  it('is {providerId}/{timestamp}-{filename}', () => {
    expect(documentPath('7b0c', 'ảnh 1.png', 1700000000000)).toBe('7b0c/1700000000000-anh-1.png');
  });
});
