// Realtime's maximum payload size (supabase/realtime lib/realtime/tenants.ex validate_payload_size):
// a payload is refused when `:erlang.external_size(payload)` — the size of the term in Erlang's
// external term format — is over `max_payload_size_in_kb * 1000 + 500`. The tenant's
// max_payload_size_in_kb defaults to 3000 (lib/realtime/api/tenant.ex; the self-hosted and CLI
// tenant sets no other value); Supabase's "Realtime Limits" page lists 256 KB on Free, 3,000 KB on
// Pro and above.
//
// What is measured, as in Realtime:
// - a JSON broadcast push over the socket: the whole push payload `{type, event, payload, …}` as Jason
//   decoded it (a map);
// - a binary "user broadcast push" (what realtime-js sends over vsn 2.0.0): the tuple `{user_event,
//   :json | :binary, user_payload, metadata}` the V2 serializer builds;
// - a presence track: the tracked payload (`payload.payload`);
// - REST `POST /api/broadcast`: each message's payload; `POST /api/broadcast/{topic}/events/{event}`:
//   the body as Plug parsed it (an object; other JSON as `%{"_json" => value}`; raw bytes as a binary).

/** Realtime's margin over the configured size (`@payload_size_padding`). */
export const PAYLOAD_SIZE_PADDING = 500;

/** The largest external size accepted for `maxPayloadSizeInKb` (Realtime: `kb * 1000 + 500`). */
export function maxPayloadBytes(maxPayloadSizeInKb: number): number {
  return maxPayloadSizeInKb * 1000 + PAYLOAD_SIZE_PADDING;
}

// External term format tags' sizes (erts external.c): the version byte, then per term.
const VERSION = 1;
const BINARY_HEADER = 5; // BINARY_EXT: tag + 4-byte length
const MAP_HEADER = 5; // MAP_EXT: tag + 4-byte arity
const LIST_HEADER = 5; // LIST_EXT: tag + 4-byte length (+ NIL_EXT tail)
const NIL = 1; // NIL_EXT
const STRING_HEADER = 3; // STRING_EXT: tag + 2-byte length (a list of 0..255 integers, < 65536 long)
const FLOAT = 9; // NEW_FLOAT_EXT
const SMALL_TUPLE_HEADER = 2; // SMALL_TUPLE_EXT: tag + 1-byte arity

/** SMALL_ATOM_UTF8_EXT (OTP 26+ encodes atoms as UTF-8): tag + 1-byte length + name. */
function atomSize(name: string): number {
  return 2 + Buffer.byteLength(name, 'utf8');
}

function binarySize(bytes: number): number {
  return BINARY_HEADER + bytes;
}

function integerSize(value: number): number {
  if (value >= 0 && value <= 255) return 2; // SMALL_INTEGER_EXT
  if (value >= -2_147_483_648 && value <= 2_147_483_647) return 5; // INTEGER_EXT
  // SMALL_BIG_EXT: tag + 1-byte digit count + sign + little-endian digits (LARGE_BIG_EXT past 255).
  let magnitude = BigInt(Math.abs(value));
  let digits = 0;
  while (magnitude > 0n) {
    magnitude >>= 8n;
    digits += 1;
  }
  return digits <= 255 ? 3 + digits : 6 + digits;
}

/** Size of a scalar, or undefined for lists and maps. */
function scalarSize(value: unknown): number | undefined {
  if (value === null) return atomSize('nil');
  if (value === true) return atomSize('true');
  if (value === false) return atomSize('false');
  if (typeof value === 'string') return binarySize(Buffer.byteLength(value, 'utf8'));
  if (typeof value === 'number') return Number.isInteger(value) ? integerSize(value) : FLOAT;
  if (typeof value === 'object') return undefined;
  return atomSize('nil');
}

const isByte = (item: unknown): boolean => typeof item === 'number' && Number.isInteger(item) && item >= 0 && item <= 255;

/**
 * The encoded size of a term decoded from JSON by Jason (objects → maps, arrays → lists, strings →
 * binaries, numbers → integers or floats, true/false/null → atoms), without the version byte.
 * JSON.parse does not keep whether a number was written `1` or `1.0` (Jason: integer or float), so
 * any integral number counts as an integer. Iterative: a deeply nested payload cannot exhaust the
 * call stack.
 */
function termSize(root: unknown): number {
  let total = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    const scalar = scalarSize(value);
    if (scalar !== undefined) {
      total += scalar;
    } else if (Array.isArray(value)) {
      if (value.length === 0) total += NIL;
      else if (value.length < 65_536 && value.every(isByte)) total += STRING_HEADER + value.length;
      else {
        total += LIST_HEADER + NIL;
        for (const item of value as unknown[]) pending.push(item);
      }
    } else {
      total += MAP_HEADER;
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        total += binarySize(Buffer.byteLength(key, 'utf8'));
        pending.push(item);
      }
    }
  }
  return total;
}

/** `:erlang.external_size/1` of a JSON value as Jason decodes it. */
export function jsonExternalSize(value: unknown): number {
  return VERSION + termSize(value);
}

/** `:erlang.external_size/1` of a binary of `bytes` bytes. */
export function binaryExternalSize(bytes: number): number {
  return VERSION + binarySize(bytes);
}

/**
 * `:erlang.external_size/1` of the tuple the V2 serializer makes of a user broadcast push:
 * `{user_event, :json | :binary, user_payload, metadata}` (metadata: the decoded JSON, `%{}` when
 * the frame has none).
 */
export function userBroadcastExternalSize(event: string, encoding: 'json' | 'binary', payloadBytes: number, metadata: unknown): number {
  return (
    VERSION +
    SMALL_TUPLE_HEADER +
    binarySize(Buffer.byteLength(event, 'utf8')) +
    atomSize(encoding) +
    binarySize(payloadBytes) +
    termSize(metadata)
  );
}
