// Image transformations of Storage (/render/image/…), done with sharp where Supabase uses
// imgproxy: width and height (1–2000 px), resize cover (default: fill the box, cropping), contain
// (fit inside the box) or fill (stretch), quality (20–100, default 80) and format (origin keeps the
// stored format; without one, WebP when the client accepts it, as Supabase does).
import sharp, { type Metadata } from 'sharp';
import { ERRORS } from './errors.ts';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin' | 'avif' | 'webp';
}

const MIN_SIZE = 1;
const MAX_SIZE = 2000;
const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(Math.trunc(value), min), max);

function positive(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** Options from a query string or from the `transform` object of a signing request. */
export function transformFrom(source: URLSearchParams | Record<string, unknown>): TransformOptions {
  const get = (name: string): string | undefined => {
    const value = source instanceof URLSearchParams ? source.get(name) : source[name];
    return value === null || value === undefined ? undefined : String(value);
  };
  const options: TransformOptions = {};
  const width = positive(get('width'));
  const height = positive(get('height'));
  const quality = positive(get('quality'));
  if (width !== undefined) options.width = clamp(width, MIN_SIZE, MAX_SIZE);
  if (height !== undefined) options.height = clamp(height, MIN_SIZE, MAX_SIZE);
  if (quality !== undefined) options.quality = clamp(quality, 20, 100);
  const resize = get('resize');
  if (resize === 'cover' || resize === 'contain' || resize === 'fill') options.resize = resize;
  const format = get('format');
  if (format === 'origin' || format === 'avif' || format === 'webp') options.format = format;
  return options;
}

/** The transformations as Storage writes them into a signed URL's token ("width:100,height:50,…"). */
export function transformToString(options: TransformOptions): string {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${options.height}`);
  if (options.width) parts.push(`width:${options.width}`);
  if (options.resize && (options.width || options.height)) parts.push(`resize:${options.resize}`);
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format) parts.push(`format:${options.format}`);
  return parts.join(',');
}

const IMGPROXY_RESIZE: Record<NonNullable<TransformOptions['resize']>, string> = { cover: 'fill', contain: 'fit', fill: 'force' };

/**
 * The transformations as Storage asks imgproxy for them and answers them in `X-Transformations`
 * (ImageRenderer.applyTransformation): height, width, resizing_type (fill unless contain → fit or
 * fill → force) when a size is given, quality, format unless origin.
 */
export function imgproxyTransformations(options: TransformOptions): string {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${options.height}`);
  if (options.width) parts.push(`width:${options.width}`);
  if (options.width || options.height) parts.push(`resizing_type:${IMGPROXY_RESIZE[options.resize ?? 'cover']}`);
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') parts.push(`format:${options.format}`);
  return parts.join(',');
}

export function transformFromString(text: string): TransformOptions {
  const params = new URLSearchParams();
  for (const part of text.split(',')) {
    const [name, value] = part.split(':');
    if (name && value !== undefined) params.set(name, value);
  }
  return transformFrom(params);
}

const FIT: Record<NonNullable<TransformOptions['resize']>, 'cover' | 'inside' | 'fill'> = { cover: 'cover', contain: 'inside', fill: 'fill' };

/** Renders the transformed image; the content type follows the chosen format. */
export async function renderImage(input: string, options: TransformOptions, accept: string | undefined): Promise<{ body: Buffer; contentType: string }> {
  let image = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch {
    throw ERRORS.invalidRequest('The object is not an image that can be transformed');
  }
  if (options.width || options.height) {
    image = image.resize({ width: options.width, height: options.height, fit: FIT[options.resize ?? 'cover'], withoutEnlargement: false });
  }
  const quality = options.quality ?? 80;
  const wanted = options.format ?? (accept?.includes('image/webp') ? 'webp' : 'origin');
  try {
    if (wanted === 'webp') return { body: await image.webp({ quality }).toBuffer(), contentType: 'image/webp' };
    if (wanted === 'avif') return { body: await image.avif({ quality }).toBuffer(), contentType: 'image/avif' };
    switch (metadata.format) {
      case 'png':
        return { body: await image.png().toBuffer(), contentType: 'image/png' };
      case 'gif':
        return { body: await image.gif().toBuffer(), contentType: 'image/gif' };
      case 'webp':
        return { body: await image.webp({ quality }).toBuffer(), contentType: 'image/webp' };
      default:
        return { body: await image.jpeg({ quality }).toBuffer(), contentType: 'image/jpeg' };
    }
  } catch {
    throw ERRORS.invalidRequest('The object is not an image that can be transformed');
  }
}
