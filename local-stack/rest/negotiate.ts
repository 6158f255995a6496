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
  /** `tx=commit|rollback`: read only when `db-tx-end` allows an override, else ignored (PostgREST). */
  tx: 'commit' | 'rollback' | null;
  /** The preferences honoured, for the Preference-Applied header. */
  applied: string[];
}

const ALLOWED = new Map<string, readonly string[]>(Object.entries({
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
  // Recognised, without effect here.
  timezone: [],
  'max-affected': [],
  params: ['single-object'],
}));

/**
 * The preferences of the Prefer header(s). As PostgREST, the first value of a preference wins, and
 * `tx=` counts only when `allowTxOverride` (db-tx-end `*-allow-override`); otherwise it is ignored.
 */
export function parsePrefer(header: string | string[] | undefined, allowTxOverride = false): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null, handling: null, maxAffected: null, tx: null, applied: [] };
  const seen = new Set<string>();
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
    if (seen.has(key)) continue;
    seen.add(key);
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
      case 'tx':
        if (allowTxOverride) prefs.tx = value as Preferences['tx'];
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

/** `Accept: application/vnd.pgrst.plan…`: the EXPLAIN of the statement instead of its result. */
export interface PlanRequest {
  format: 'json' | 'text';
  /** EXPLAIN options, in PostgREST's order: analyze, verbose, settings, buffers, wal. */
  options: PlanOption[];
}

export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal';
const PLAN_OPTIONS: readonly PlanOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

export interface Negotiated {
  media: ResponseMedia;
  /** `nulls=stripped` on the vnd.pgrst array/object types: null-valued keys are left out. */
  stripNulls: boolean;
  /** Content-Type of a successful answer. */
  contentType: string;
  /** Set for a plan: `media` is then the media type the plan is `for`. */
  plan?: PlanRequest;
}

const JSON_CONTENT = 'application/json; charset=utf-8';

interface AcceptEntry {
  type: string;
  params: Map<string, string>;
  raw: string;
}

/** Splits an Accept header into media types with their (lower-cased) parameters; quotes are removed. */
function acceptEntries(accept: string): AcceptEntry[] {
  const entries: AcceptEntry[] = [];
  // Commas inside a quoted parameter (for="…") do not separate entries.
  for (const raw of accept.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const parts = raw.match(/(?:[^;"]|"[^"]*")+/g) ?? [];
    const type = (parts[0] ?? '').trim().toLowerCase();
    const params = new Map<string, string>();
    for (const part of parts.slice(1)) {
      const at = part.indexOf('=');
      if (at < 0) continue;
      const name = part.slice(0, at).trim().toLowerCase();
      let value = part.slice(at + 1).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
      params.set(name, value);
    }
    entries.push({ type, params, raw: raw.trim() });
  }
  return entries;
}

/** A non-plan media type this server produces, or null. */
function producible(type: string, params: Map<string, string>): Negotiated | null {
  const stripped = params.get('nulls') === 'stripped';
  switch (type) {
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return stripped
        ? { media: 'object', stripNulls: true, contentType: 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8' }
        : { media: 'object', stripNulls: false, contentType: 'application/vnd.pgrst.object+json; charset=utf-8' };
    case 'text/csv':
      return { media: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped
        ? { media: 'json', stripNulls: true, contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' }
        : { media: 'json', stripNulls: false, contentType: JSON_CONTENT };
    case 'application/json':
    case '*/*':
    case 'application/*':
      return { media: 'json', stripNulls: false, contentType: JSON_CONTENT };
    default:
      return null;
  }
}

/** The media type as PostgREST's toMime writes it (for plans and for 406 messages). */
function mimeOf(type: string, params: Map<string, string>): string {
  const stripped = params.get('nulls') === 'stripped';
  switch (type) {
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return stripped ? 'application/vnd.pgrst.object+json;nulls=stripped' : 'application/vnd.pgrst.object+json';
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json';
    default:
      return type;
  }
}

const PLAN_TYPES = new Map<string, PlanRequest['format']>([
  ['application/vnd.pgrst.plan', 'text'],
  ['application/vnd.pgrst.plan+text', 'text'],
  ['application/vnd.pgrst.plan+json', 'json'],
]);

/** A plan media type: its format, options and the media type it is `for` (application/json by default). */
function planOf(entry: AcceptEntry): { plan: PlanRequest; forType: string; forParams: Map<string, string>; mime: string } | null {
  const format = PLAN_TYPES.get(entry.type);
  if (format === undefined) return null;
  const wanted = (entry.params.get('options') ?? '').split('|');
  const options = PLAN_OPTIONS.filter((option) => wanted.includes(option));
  const forText = entry.params.get('for') ?? 'application/json';
  const [forType = '', ...forRest] = forText.split(';').map((part) => part.trim());
  const forParams = new Map<string, string>();
  for (const part of forRest) {
    const at = part.indexOf('=');
    if (at > 0) forParams.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const forMime = mimeOf(forType.toLowerCase(), forParams);
  const mime = `application/vnd.pgrst.plan+${format}; for="${forMime}"${options.length > 0 ? `; options=${options.join('|')}` : ''}`;
  return { plan: { format, options }, forType: forType.toLowerCase(), forParams, mime };
}

/**
 * Picks the response media type from Accept, the first producible one in order; a plan
 * (`application/vnd.pgrst.plan[+json|+text]; for="…"; options=…`) only with `db-plan-enabled`, as
 * PostgREST. None producible → 406 PGRST107 naming them as PostgREST does.
 */
export function negotiateMedia(accept: string | undefined, planEnabled = false): Negotiated {
  const json: Negotiated = { media: 'json', stripNulls: false, contentType: JSON_CONTENT };
  if (!accept || accept.trim() === '') return json;
  const entries = acceptEntries(accept);
  const names: string[] = [];
  for (const entry of entries) {
    const plan = planOf(entry);
    if (plan) {
      names.push(plan.mime);
      const inner = planEnabled ? producible(plan.forType, plan.forParams) : null;
      if (inner) return { ...inner, plan: plan.plan, contentType: `${plan.mime}; charset=utf-8` };
      continue;
    }
    if (entry.type !== '') names.push(mimeOf(entry.type, entry.params));
    const found = producible(entry.type, entry.params);
    if (found) return found;
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${names.join(', ')}`);
}

/** The response media type only (see negotiateMedia). */
export function negotiate(accept: string | undefined): ResponseMedia {
  return negotiateMedia(accept).media;
}
