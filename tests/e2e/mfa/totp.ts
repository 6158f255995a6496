// RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits) of a base32 secret (RFC 4648), written for
// the tests from the RFCs: the test computes the code an authenticator app would show.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32ToBytes(secret: string): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The code of `secret` at `unixSeconds` (default: now); `stepOffset` moves by 30-second steps. */
export function totp(secret: string, unixSeconds = Date.now() / 1000, stepOffset = 0): string {
  const counter = Math.floor(unixSeconds / 30) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32ToBytes(secret)).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A six-digit code that no step around now accepts (the server allows one step either side). */
export function wrongCode(secret: string): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((step) => totp(secret, Date.now() / 1000, step)));
  let candidate = Number(totp(secret));
  do candidate = (candidate + 137_911) % 1_000_000;
  while (valid.has(String(candidate).padStart(6, '0')));
  return String(candidate).padStart(6, '0');
}
