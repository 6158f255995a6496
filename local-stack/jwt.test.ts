import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSigningKeys, publicJwks, registerSigningKeys, signAccessToken, signJwt, verifiableAlgorithms, verifyJwt, type Claims } from './jwt.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters-long';

/** A private JWK as `supabase gen signing-key --algorithm <alg>` writes it. */
async function cliKey(alg: 'ES256' | 'RS256'): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg, ext: true };
}

function claims(extra: Partial<Claims> = {}): Claims {
  const now = Math.floor(Date.now() / 1000);
  return { sub: randomUUID(), role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600, ...extra };
}

afterEach(() => registerSigningKeys(SECRET, []));

describe('asymmetric signing keys (signing_keys_path)', () => {
  it.each(['ES256', 'RS256'] as const)('%s: access tokens are signed with the first key (kid) and verified; HS256 tokens still verify', async (alg) => {
    const [first, second] = [await cliKey(alg), await cliKey('ES256')];
    registerSigningKeys(SECRET, await parseSigningKeys([first, second]));
    const token = await signAccessToken(claims(), SECRET);
    expect(decodeProtectedHeader(token)).toEqual({ alg, typ: 'JWT', kid: first.kid });
    expect(await verifyJwt(token, SECRET)).toMatchObject({ ok: true, role: 'authenticated' });
    expect(await verifyJwt(await signJwt(claims({ role: 'anon' }), SECRET), SECRET)).toMatchObject({ ok: true, role: 'anon' });
  });

  it('publishes only the public halves, with use "sig" and key_ops ["verify"]', async () => {
    const [ec, rsa] = [await cliKey('ES256'), await cliKey('RS256')];
    registerSigningKeys(SECRET, await parseSigningKeys([ec, rsa]));
    const keys = publicJwks(SECRET);
    expect(keys).toEqual([
      { kty: 'EC', crv: 'P-256', x: ec.x, y: ec.y, kid: ec.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] },
      { kty: 'RSA', n: rsa.n, e: rsa.e, kid: rsa.kid, alg: 'RS256', use: 'sig', key_ops: ['verify'] },
    ]);
    expect(JSON.stringify(keys)).not.toMatch(/"(d|p|q|dp|dq|qi)"/);
    expect(publicJwks('another-project-secret-of-32-characters')).toEqual([]);
    expect(verifiableAlgorithms(SECRET)).toEqual(['HS256', 'ES256', 'RS256']);
    expect(verifiableAlgorithms('another-project-secret-of-32-characters')).toEqual(['HS256']);
  });

  it('refuses a token of an unknown kid, of a key not registered, expired, or forged with the public key as an HMAC secret', async () => {
    const key = await cliKey('ES256');
    registerSigningKeys(SECRET, await parseSigningKeys([key]));
    const stranger = await parseSigningKeys([await cliKey('ES256')]);
    const foreign = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', kid: stranger[0]!.kid! }).sign(stranger[0]!.privateKey);
    expect(await verifyJwt(foreign, SECRET)).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringMatching(/unrecognized JWT kid/) as string });
    const noKid = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256' }).sign(stranger[0]!.privateKey);
    expect(await verifyJwt(noKid, SECRET)).toMatchObject({ ok: false, reason: 'invalid' });
    const now = Math.floor(Date.now() / 1000);
    const expired = await signAccessToken(claims({ iat: now - 100, exp: now - 10 }), SECRET);
    expect(await verifyJwt(expired, SECRET)).toMatchObject({ ok: false, reason: 'expired' });
    const confused = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: key.kid as string }).sign(new TextEncoder().encode(JSON.stringify(publicJwks(SECRET)[0])));
    expect(await verifyJwt(confused, SECRET)).toMatchObject({ ok: false, reason: 'invalid' });
    // Without registered keys an asymmetric token is not accepted at all.
    registerSigningKeys(SECRET, []);
    expect(await verifyJwt(await signAccessToken(claims(), SECRET), SECRET)).toMatchObject({ ok: true });
    expect(await verifyJwt(foreign, SECRET)).toMatchObject({ ok: false });
    expect(decodeProtectedHeader(await signAccessToken(claims(), SECRET)).alg).toBe('HS256');
  });

  it('names the faulty entry of a key file', async () => {
    await expect(parseSigningKeys({})).rejects.toThrow(/JSON array/);
    await expect(parseSigningKeys([])).rejects.toThrow(/no key/);
    await expect(parseSigningKeys([{ ...(await cliKey('ES256')), alg: 'HS256' }], 'keys.json')).rejects.toThrow(/keys\.json\[0\]: unsupported algorithm/);
    const { d: _d, ...publicOnly } = await cliKey('RS256');
    await expect(parseSigningKeys([await cliKey('ES256'), publicOnly])).rejects.toThrow(/\[1\]: missing "d"/);
    await expect(parseSigningKeys([{ ...(await cliKey('ES256')), crv: 'P-384' }])).rejects.toThrow(/P-256/);
  });
});
