// Image transformations of Storage (/render/image/…), done with sharp where Supabase uses
// imgproxy: width and height (1–2000 px), resize cover (default: fill the box, cropping), contain
// (fit inside the box) or fill (stretch), quality (20–100, default 80) and format (origin keeps the
// stored format; without one, WebP when the client accepts it, as Supabase does).
// Bounded like imgproxy: sources over 50 megapixels answer 422, each render uses one libvips thread,
// and at most SDV_RENDER_CONCURRENCY (2) renders run at once per process with a short queue
// (SDV_RENDER_QUEUE, 4) behind them; beyond it 429, and a render that waited too long 503, both
// with Retry-After, so that one caller's big AVIF renders cannot stall Auth, REST or the site.
import sharp, { type Metadata } from 'sharp';
import { ERRORS, StorageApiError } from './errors.ts';

// One libvips thread per render (sharp's default is one per core) and a small operation cache.
sharp.concurrency(1);
sharp.cache({ memory: 32, files: 0, items: 50 });

/** Largest source image transformed (imgproxy's IMGPROXY_MAX_SRC_RESOLUTION), in pixels. */
export const MAX_SOURCE_PIXELS = 50_000_000;
/** How long a queued render waits for its turn before it is answered 503. */
export const RENDER_QUEUE_TIMEOUT_MS = 15_000;
/** Seconds a client is told to wait before it retries a refused render. */
export const RENDER_RETRY_AFTER_SECONDS = 2;

function envCount(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer (got "${raw}")`);
  return value;
}

/** A refusal with its own HTTP status (not Storage's 400), optionally with Retry-After. */
export class RenderLimitError extends StorageApiError {
  constructor(statusCode: number, code: string, message: string, readonly retryAfterSeconds?: number) {
    super(statusCode, code, code, message);
  }

  override get httpStatus(): number {
    return this.statusCode;
  }

  headers(): Record<string, string> {
    return this.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/** A fixed number of concurrent tasks with a short bounded queue behind them. */
export class RenderPool {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
    readonly queueTimeoutMs: number = RENDER_QUEUE_TIMEOUT_MS,
  ) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) {
        throw new RenderLimitError(429, 'TooManyRequests', 'Too many image transformations at once; retry later', RENDER_RETRY_AFTER_SECONDS);
      }
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => {
            clearTimeout(waiter.timer);
            resolve();
          },
          timer: setTimeout(() => {
            const index = this.waiting.indexOf(waiter);
            if (index !== -1) this.waiting.splice(index, 1);
            reject(new RenderLimitError(503, 'SlowDown', 'The image transformation waited too long; retry later', RENDER_RETRY_AFTER_SECONDS));
          }, this.queueTimeoutMs),
        };
        this.waiting.push(waiter);
      });
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next.start();
      else this.active -= 1;
    }
  }
}

/** The process's render pool (SDV_RENDER_CONCURRENCY, default 2; SDV_RENDER_QUEUE, default 4). */
export const renderPool = new RenderPool(Math.max(1, envCount('SDV_RENDER_CONCURRENCY', 2)), envCount('SDV_RENDER_QUEUE', 4));

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
  let metadata: Metadata;
  try {
    // The header only: cheap, and outside the pool.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw ERRORS.invalidRequest('The object is not an image that can be transformed');
  }
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0) * Math.max(1, metadata.pages ?? 1);
  if (pixels > MAX_SOURCE_PIXELS) {
    throw new RenderLimitError(422, 'InvalidRequest', `The source image is larger than ${MAX_SOURCE_PIXELS / 1_000_000} megapixels`);
  }
  return renderPool.run(() => renderWithSharp(input, metadata, options, accept));
}

async function renderWithSharp(
  input: string,
  metadata: Metadata,
  options: TransformOptions,
  accept: string | undefined,
): Promise<{ body: Buffer; contentType: string }> {
  let image = sharp(input, { failOn: 'error', limitInputPixels: MAX_SOURCE_PIXELS }).rotate();
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
