import { describe, expect, it } from 'vitest';
import { imgproxyTransformations, transformFrom, transformFromString, transformToString } from './render.ts';

describe('image transformation options', () => {
  it('reads query parameters and signing bodies, clamped to the limits', () => {
    expect(transformFrom(new URLSearchParams('width=5000&height=0&quality=5&resize=contain&format=webp'))).toEqual({ width: 2000, quality: 20, resize: 'contain', format: 'webp' });
    expect(transformFrom({ width: 200, height: 100, resize: 'nonsense', format: 'gif' })).toEqual({ width: 200, height: 100 });
  });

  it('keeps them in a signed token and reads them back', () => {
    const options = { width: 200, height: 200, quality: 60 };
    expect(transformToString(options)).toBe('height:200,width:200,quality:60');
    expect(transformFromString(transformToString({ ...options, resize: 'fill', format: 'origin' }))).toEqual({ ...options, resize: 'fill', format: 'origin' });
  });

  it("names them in X-Transformations as Storage asks imgproxy (ImageRenderer.applyTransformation)", () => {
    expect(imgproxyTransformations({ width: 200, height: 200, quality: 60 })).toBe('height:200,width:200,resizing_type:fill,quality:60');
    expect(imgproxyTransformations({ width: 50, resize: 'contain', format: 'avif' })).toBe('width:50,resizing_type:fit,format:avif');
    expect(imgproxyTransformations({ height: 10, resize: 'fill', format: 'origin' })).toBe('height:10,resizing_type:force');
    expect(imgproxyTransformations({ quality: 80 })).toBe('quality:80');
    expect(imgproxyTransformations({})).toBe('');
  });
});
