import { describe, expect, it } from 'vitest';
import { binaryExternalSize, jsonExternalSize, maxPayloadBytes, userBroadcastExternalSize } from './payload-size.ts';

// Expected values: `:erlang.external_size/1` (OTP 26+) of the term Jason decodes the JSON into.
describe('jsonExternalSize', () => {
  it('sizes maps, binaries, numbers and atoms as the external term format', () => {
    expect(jsonExternalSize({})).toBe(6); // 131, MAP_EXT + arity
    expect(jsonExternalSize({ a: 1 })).toBe(14); // + BINARY_EXT "a" (6) + SMALL_INTEGER_EXT (2)
    expect(jsonExternalSize('abc')).toBe(9);
    expect(jsonExternalSize('é')).toBe(8); // UTF-8 bytes
    expect(jsonExternalSize(null)).toBe(6); // :nil as SMALL_ATOM_UTF8_EXT
    expect(jsonExternalSize(true)).toBe(7);
    expect(jsonExternalSize(false)).toBe(8);
    expect(jsonExternalSize(255)).toBe(3);
    expect(jsonExternalSize(256)).toBe(6); // INTEGER_EXT
    expect(jsonExternalSize(-1)).toBe(6);
    expect(jsonExternalSize(2 ** 31)).toBe(8); // SMALL_BIG_EXT with 4 digits
    expect(jsonExternalSize(1.5)).toBe(10); // NEW_FLOAT_EXT
  });

  it('sizes lists, byte lists as STRING_EXT', () => {
    expect(jsonExternalSize([])).toBe(2); // NIL_EXT
    expect(jsonExternalSize([1, 2, 3])).toBe(7); // STRING_EXT
    expect(jsonExternalSize(['a'])).toBe(13); // LIST_EXT + "a" + NIL_EXT
    expect(jsonExternalSize([1, 256])).toBe(14); // LIST_EXT + 2 + 5 + NIL_EXT
  });

  it('sizes a broadcast push as Realtime measures it', () => {
    const text = 'x'.repeat(1000);
    // {"type" => "broadcast", "event" => "e", "payload" => %{"text" => text}}
    const expected = 1 + 5 + (5 + 4) + (5 + 9) + (5 + 5) + (5 + 1) + (5 + 7) + 5 + (5 + 4) + (5 + 1000);
    expect(jsonExternalSize({ type: 'broadcast', event: 'e', payload: { text } })).toBe(expected);
  });
});

describe('binary and user broadcast sizes', () => {
  it('sizes a binary and the user broadcast tuple', () => {
    expect(binaryExternalSize(10)).toBe(16);
    // {"big", :json, <<payload>>, %{}}: 1 + 2 + 8 + 6 + (5 + n) + 5
    expect(userBroadcastExternalSize('big', 'json', 100, {})).toBe(127);
    expect(userBroadcastExternalSize('big', 'binary', 100, {})).toBe(129);
  });

  it('allows kb * 1000 + 500 bytes', () => {
    expect(maxPayloadBytes(3000)).toBe(3_000_500);
    expect(maxPayloadBytes(256)).toBe(256_500);
  });
});

describe('deep payloads', () => {
  it('sizes a payload nested 100,000 deep without exhausting the stack', () => {
    let value: unknown = {};
    for (let i = 0; i < 100_000; i += 1) value = [value, 'a'];
    // Each level: LIST_EXT + NIL_EXT (6) + "a" (6); the innermost map 5; the version byte 1.
    expect(jsonExternalSize(value)).toBe(100_000 * 12 + 5 + 1);
  });
});
