// Prefer and Accept headers.
import { ApiError } from './errors.ts';
import type { CountKind } from './sql-read.ts';

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: CountKind;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
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
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null, handling: null, applied: [] };
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const invalid: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const [key = '', value = ''] = item.split('=', 2).map((s) => s.trim());
    const allowed = ALLOWED.get(key);
    if (!allowed || (allowed.length > 0 && !allowed.includes(value))) {
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

/** Picks the response media type from Accept; unknown-only → 406 PGRST107. */
export function negotiate(accept: string | undefined): ResponseMedia {
  if (!accept || accept.trim() === '') return 'json';
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase()).filter((t) => t !== '');
  for (const type of types) {
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return 'object';
    if (type === 'text/csv') return 'csv';
    if (type === 'application/json' || type === '*/*' || type === 'application/*' || type === 'application/vnd.pgrst.array+json') return 'json';
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}
