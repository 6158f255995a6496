// Prefer and Accept headers.
import { ApiError } from './errors.ts';
import type { CountKind } from './sql-read.ts';

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: CountKind;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  /** `max-affected=N`: with handling=strict, a write touching more rows is rolled back (PGRST124). */
  maxAffected: number | null;
  /** The preferences honoured, for the Preference-Applied header. */
  applied: string[];
}

const ALLOWED = new Map<string, readonly string[]>(Object.entries({
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  // Recognised, without effect here.
  tx: ['commit', 'rollback'],
  timezone: [],
  'max-affected': [],
  params: ['single-object'],
}));

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null, handling: null, maxAffected: null, applied: [] };
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const invalid: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const [key = '', value = ''] = item.split('=', 2).map((s) => s.trim());
    const allowed = ALLOWED.get(key);
    if (!allowed || (allowed.length > 0 && !allowed.includes(value)) || (key === 'max-affected' && !/^\d{1,15}$/.test(value))) {
      invalid.push(item);
      continue;
    }
    switch (key) {
      case 'return':
        prefs.return = value as Preferences['return'];
        break;
      case 'count':
        prefs.count = value as CountKind;
        break;
      case 'resolution':
        prefs.resolution = value as Preferences['resolution'];
        break;
      case 'missing':
        prefs.missing = value as Preferences['missing'];
        break;
      case 'handling':
        prefs.handling = value as Preferences['handling'];
        break;
      case 'max-affected':
        prefs.maxAffected = Number(value);
        break;
      default:
        break;
    }
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new ApiError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}

export type ResponseMedia = 'json' | 'object' | 'csv';

export interface Negotiated {
  media: ResponseMedia;
  /** `nulls=stripped` on the vnd.pgrst array/object types: null-valued keys are left out. */
  stripNulls: boolean;
  /** Content-Type of a successful answer. */
  contentType: string;
}

const JSON_CONTENT = 'application/json; charset=utf-8';

/** Picks the response media type from Accept; unknown-only → 406 PGRST107. */
export function negotiateMedia(accept: string | undefined): Negotiated {
  const json: Negotiated = { media: 'json', stripNulls: false, contentType: JSON_CONTENT };
  if (!accept || accept.trim() === '') return json;
  const entries = accept.split(',').map((entry) => {
    const [type = '', ...params] = entry.split(';').map((part) => part.trim());
    const stripped = params.some((param) => param.replace(/\s/g, '').toLowerCase() === 'nulls=stripped');
    return { type: type.toLowerCase(), stripped };
  });
  for (const { type, stripped } of entries) {
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return stripped
        ? { media: 'object', stripNulls: true, contentType: 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8' }
        : { media: 'object', stripNulls: false, contentType: 'application/vnd.pgrst.object+json; charset=utf-8' };
    }
    if (type === 'text/csv') return { media: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    if (type === 'application/vnd.pgrst.array+json' && stripped) {
      return { media: 'json', stripNulls: true, contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' };
    }
    if (type === 'application/json' || type === '*/*' || type === 'application/*' || type === 'application/vnd.pgrst.array+json') return json;
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${entries.map((e) => e.type).filter((t) => t !== '').join(', ')}`);
}

/** The response media type only (see negotiateMedia). */
export function negotiate(accept: string | undefined): ResponseMedia {
  return negotiateMedia(accept).media;
}
