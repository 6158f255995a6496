import { beforeEach, describe, expect, it, vi } from 'vitest';

const createSignedUrl = vi.hoisted(() => vi.fn());
const from = vi.hoisted(() => vi.fn(() => ({ createSignedUrl })));
vi.mock('./supabase.ts', () => ({ supabase: { storage: { from } } }));

const { signImage } = await import('./signed-image.ts');

beforeEach(() => {
  createSignedUrl.mockReset();
  createSignedUrl.mockImplementation(async (path: string, _seconds: number, options?: { transform?: object }) => ({
    data: { signedUrl: options?.transform ? `/render/image/sign/b/${path}?token=t` : `/object/sign/b/${path}?token=o` },
    error: null,
  }));
});

describe('signImage', () => {
  it('asks Storage for a resized thumbnail and keeps the original for the full-size view', async () => {
    const image = await signImage('message-images', 'c1/photo.jpg', 3600, { width: 640, height: 512, resize: 'contain' });
    expect(from).toHaveBeenCalledWith('message-images');
    expect(createSignedUrl).toHaveBeenCalledWith('c1/photo.jpg', 3600, { transform: { width: 640, height: 512, resize: 'contain' } });
    expect(createSignedUrl).toHaveBeenCalledWith('c1/photo.jpg', 3600);
    expect(image).toEqual({ thumbnail: '/render/image/sign/b/c1/photo.jpg?token=t', original: '/object/sign/b/c1/photo.jpg?token=o' });
  });

  it('fails when Storage refuses to sign', async () => {
    createSignedUrl.mockResolvedValue({ data: null, error: { name: 'StorageApiError', message: 'Object not found', statusCode: '404' } });
    await expect(signImage('provider-documents', 'x.png', 600, { width: 480, height: 360, resize: 'cover' })).rejects.toThrow();
  });
});
