import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { requestSchema } from './index.ts';

function request(headers: Record<string, string>): IncomingMessage {
  return { headers } as IncomingMessage;
}

describe('exposed schemas ([api] schemas of supabase/config.toml)', () => {
  const schemas = ['public', 'reporting'];

  it('reads Accept-Profile on GET/HEAD and Content-Profile on writes, the first schema by default', () => {
    expect(requestSchema(request({}), 'GET', schemas)).toBe('public');
    expect(requestSchema(request({ 'accept-profile': 'reporting' }), 'GET', schemas)).toBe('reporting');
    expect(requestSchema(request({ 'content-profile': 'reporting' }), 'POST', schemas)).toBe('reporting');
    expect(requestSchema(request({ 'accept-profile': 'reporting' }), 'POST', schemas)).toBe('public');
  });

  it('refuses any other schema with 406 PGRST106 naming the exposed ones', () => {
    let caught: unknown;
    try {
      requestSchema(request({ 'accept-profile': 'auth' }), 'GET', schemas);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status).toBe(406);
    expect((caught as ApiError).body).toEqual({ code: 'PGRST106', message: 'Invalid schema: auth', details: null, hint: 'Only the following schemas are exposed: public, reporting' });
  });
});
