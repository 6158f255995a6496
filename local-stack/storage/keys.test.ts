import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bucketDirName, bucketFromRawSegment, keyFromRawSegments, normaliseListPrefix, objectFilePath, validateKey } from './keys.ts';
import { baseMimeType, isMimeTypeAllowed } from './upload.ts';

const raw = (p: string) => keyFromRawSegments(p.split('/'));

describe('object key normalisation', () => {
  it('accepts the app’s paths and decodes percent-encoding', () => {
    expect(raw('00000000-0000-4000-a000-000000000003/1732300000000-giay-phep.png')).toEqual({
      ok: true,
      key: '00000000-0000-4000-a000-000000000003/1732300000000-giay-phep.png',
    });
    expect(raw('featured_1732300000000_banner%20tet.jpg')).toEqual({ ok: true, key: 'featured_1732300000000_banner tet.jpg' });
    expect(raw("a/b/c (1)!'*&$@=;:+,?.png").ok).toBe(true);
  });

  it.each([
    ['../etc/passwd', 'dot-dot segment'],
    ['a/../../b', 'dot-dot in the middle'],
    ['%2e%2e/secret', 'encoded dot-dot'],
    ['./a', 'dot segment'],
    ['/etc/passwd', 'absolute path (empty first segment)'],
    ['a//b', 'empty segment'],
    ['a/', 'trailing slash'],
    ['a%2Fb', 'encoded slash inside a segment'],
    ['a%2fb', 'lower-case encoded slash'],
    ['a\\b', 'backslash'],
    ['a%5Cb', 'encoded backslash'],
    ['a%00b', 'NUL'],
    ['a%0Ab', 'newline'],
    ['a%7Fb', 'DEL'],
    ['%E0%A4%A', 'malformed percent-encoding'],
    ['ảnh.png', 'non-ASCII (refused by Supabase Storage too)'],
    ['', 'empty key'],
  ])('refuses %s (%s)', (input) => {
    expect(raw(input).ok).toBe(false);
  });

  it('refuses keys longer than 1024 bytes', () => {
    expect(validateKey('a'.repeat(1024)).ok).toBe(true);
    expect(validateKey('a'.repeat(1025)).ok).toBe(false);
  });

  it('validates decoded keys from JSON bodies the same way', () => {
    expect(validateKey('a/b.png')).toEqual({ ok: true, key: 'a/b.png' });
    expect(validateKey('a/../b.png').ok).toBe(false);
    expect(validateKey('a\u0000b').ok).toBe(false);
  });

  it('normalises list prefixes to a folder with one trailing slash', () => {
    expect(normaliseListPrefix('')).toBe('');
    expect(normaliseListPrefix('/')).toBe('');
    expect(normaliseListPrefix('folder')).toBe('folder/');
    expect(normaliseListPrefix('folder/sub/')).toBe('folder/sub/');
    expect(normaliseListPrefix('../x')).toBeUndefined();
  });
});

describe('bucket ids and file layout', () => {
  it('decodes bucket segments and refuses separators and control characters', () => {
    expect(bucketFromRawSegment('provider-documents')).toBe('provider-documents');
    expect(bucketFromRawSegment('a%2Fb')).toBeUndefined();
    expect(bucketFromRawSegment('a%00')).toBeUndefined();
    expect(bucketFromRawSegment('')).toBeUndefined();
    expect(bucketFromRawSegment(undefined)).toBeUndefined();
  });

  it('keeps every file inside the storage folder whatever the bucket id', () => {
    const root = '/srv/storage';
    const version = '0b7f6c43-8f8e-4b8e-9a64-5bb1a0a4f0d1';
    for (const bucket of ['banners', '..', '.', 'a.b', 'x y', 'a\\b']) {
      const file = objectFilePath(root, bucket, version);
      expect(path.relative(root, file).startsWith('..')).toBe(false);
      expect(path.dirname(path.dirname(file))).toBe(root);
    }
    expect(bucketDirName('banners')).toBe('banners');
    expect(bucketDirName('..')).toBe('b-2e2e');
  });

  it('refuses a version that is not a uuid (never a path)', () => {
    expect(() => objectFilePath('/srv', 'banners', '../x')).toThrow();
  });
});

describe('MIME type rules of a bucket', () => {
  it('compares the media type without parameters, case-insensitively', () => {
    expect(baseMimeType('text/plain;charset=UTF-8')).toBe('text/plain');
    expect(baseMimeType(undefined)).toBe('application/octet-stream');
    expect(isMimeTypeAllowed('IMAGE/PNG', ['image/png'])).toBe(true);
    expect(isMimeTypeAllowed('image/svg+xml', ['image/png', 'image/jpeg'])).toBe(false);
  });

  it('supports type/* wildcards and no restriction', () => {
    expect(isMimeTypeAllowed('image/webp', ['image/*'])).toBe(true);
    expect(isMimeTypeAllowed('text/html', ['image/*'])).toBe(false);
    expect(isMimeTypeAllowed('text/html', null)).toBe(true);
    expect(isMimeTypeAllowed('text/html', [])).toBe(true);
  });
});

describe('database errors', () => {
  it('maps an unreachable database to 503 and RLS / duplicates to Storage’s codes', async () => {
    const { storageErrorFromDb } = await import('./db.ts');
    expect(storageErrorFromDb(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))?.httpStatus).toBe(503);
    expect(storageErrorFromDb(Object.assign(new Error('terminating connection'), { code: '57P01' }))?.body().statusCode).toBe('503');
    expect(storageErrorFromDb(new Error('Connection terminated unexpectedly'))?.httpStatus).toBe(503);
    expect(storageErrorFromDb(Object.assign(new Error('rls'), { code: '42501' }))?.body()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    expect(storageErrorFromDb(Object.assign(new Error('dup'), { code: '23505' }))?.body()).toMatchObject({ statusCode: '409', error: 'Duplicate' });
    expect(storageErrorFromDb(Object.assign(new Error('dup'), { code: '23505' }))?.httpStatus).toBe(400);
    expect(storageErrorFromDb(new Error('something else'))).toBeUndefined();
  });
});
