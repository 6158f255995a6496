import { describe, expect, it } from 'vitest';
import { imageTypeOf, isFileTypeRefusal, sniffImageType } from './image-signature.ts';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array<number>(12).fill(0)].slice(0, Math.max(12, values.length)));

describe('image signatures (docs/product.md#input-rules)', () => {
  it('knows JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(imageTypeOf(new TextEncoder().encode('GIF89a......'))).toBe('image/gif');
    expect(imageTypeOf(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBP'))).toBe('image/webp');
  });
  it('refuses anything else, whatever the file claims to be', async () => {
    expect(imageTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode('%PDF-1.4 test'))).toBeNull();
    expect(imageTypeOf(new Uint8Array(12))).toBeNull();
    expect(await sniffImageType(new Blob(['<svg/>'], { type: 'image/png' }))).toBeNull();
    expect(await sniffImageType(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], { type: 'image/png' }))).toBe('image/png');
  });
  it('recognises the bucket refusing a type', () => {
    expect(isFileTypeRefusal({ statusCode: '415', error: 'invalid_mime_type', message: 'mime type image/svg+xml is not supported' })).toBe(true);
    expect(isFileTypeRefusal({ status: 413, message: 'too large' })).toBe(false);
  });
});
