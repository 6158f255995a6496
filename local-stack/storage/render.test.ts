import { describe, expect, it } from 'vitest';
import { imgproxyTransformations, RenderLimitError, RenderPool, transformFrom, transformFromString, transformToString } from './render.ts';

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

describe('render pool', () => {
  it('runs two at a time, queues a few, refuses the rest with 429 and Retry-After', async () => {
    const pool = new RenderPool(2, 1, 1_000);
    const gates: (() => void)[] = [];
    const task = (): Promise<string> => new Promise<string>((resolve) => gates.push(() => resolve('done')));
    const first = pool.run(task);
    const second = pool.run(task);
    const queued = pool.run(task);
    await expect(pool.run(task)).rejects.toMatchObject({ httpStatus: 429, statusCode: 429 });
    expect(pool.running).toBe(2);
    expect(pool.queued).toBe(1);
    gates.shift()?.();
    await expect(first).resolves.toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pool.running).toBe(2);
    expect(pool.queued).toBe(0);
    while (gates.length > 0) gates.shift()?.();
    await expect(Promise.all([second, queued])).resolves.toEqual(['done', 'done']);
    expect(pool.running).toBe(0);
  });

  it('answers 503 with Retry-After to a task that waited too long', async () => {
    const pool = new RenderPool(1, 1, 20);
    let release: () => void = () => undefined;
    const running = pool.run(() => new Promise<void>((resolve) => (release = resolve)));
    const error = await pool.run(() => Promise.resolve()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderLimitError);
    expect((error as RenderLimitError).httpStatus).toBe(503);
    expect((error as RenderLimitError).headers()['Retry-After']).toBe('2');
    release();
    await running;
    expect(pool.running).toBe(0);
  });
});
