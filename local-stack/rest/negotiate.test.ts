import { describe, expect, it } from 'vitest';
import { apiError } from './expect-api-error.ts';
import { negotiateMedia, parsePrefer } from './negotiate.ts';

describe('Prefer', () => {
  it('keeps the first value of a preference, as PostgREST', () => {
    expect(parsePrefer('return=minimal, return=representation').return).toBe('minimal');
    expect(parsePrefer(['count=exact', 'count=planned']).count).toBe('exact');
  });

  it('reads tx= only when db-tx-end allows an override, and never refuses it', () => {
    expect(parsePrefer('tx=rollback').tx).toBeNull();
    expect(parsePrefer('tx=rollback', true).tx).toBe('rollback');
    expect(parsePrefer('tx=commit, tx=rollback', true).tx).toBe('commit');
    expect(parsePrefer('handling=strict, tx=rollback').handling).toBe('strict');
    expect(apiError(() => parsePrefer('handling=strict, tx=never', true)).body.code).toBe('PGRST122');
  });
});

describe('Accept: application/vnd.pgrst.plan', () => {
  const supabaseJs = (format: string, options = '', forType = 'application/json') => `application/vnd.pgrst.plan+${format}; for="${forType}"; options=${options};`;

  it('is a plan only with db-plan-enabled; else 406 PGRST107 naming it as PostgREST', () => {
    expect(apiError(() => negotiateMedia(supabaseJs('json'))).body).toEqual({
      code: 'PGRST107',
      message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"',
      details: null,
      hint: null,
    });
    expect(apiError(() => negotiateMedia('application/vnd.pgrst.plan; options=analyze|wal, text/html')).body.message).toBe(
      'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=analyze|wal, text/html',
    );
    // Another producible type after it is answered instead.
    expect(negotiateMedia(`${supabaseJs('json')}, application/json`).plan).toBeUndefined();
  });

  it('reads the format, the options in PostgREST order and the media type it is for', () => {
    expect(negotiateMedia(supabaseJs('json'), true)).toEqual({
      media: 'json',
      stripNulls: false,
      plan: { format: 'json', options: [] },
      contentType: 'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
    });
    expect(negotiateMedia(supabaseJs('text', 'wal|verbose|analyze|nonsense', 'application/vnd.pgrst.object+json'), true)).toEqual({
      media: 'object',
      stripNulls: false,
      plan: { format: 'text', options: ['analyze', 'verbose', 'wal'] },
      contentType: 'application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; options=analyze|verbose|wal; charset=utf-8',
    });
    expect(negotiateMedia('application/vnd.pgrst.plan', true).plan).toEqual({ format: 'text', options: [] });
    expect(negotiateMedia('application/vnd.pgrst.plan+json; for="text/csv"', true).media).toBe('csv');
    expect(apiError(() => negotiateMedia('application/vnd.pgrst.plan+json; for="application/geo+json"', true)).status).toBe(406);
  });
});
