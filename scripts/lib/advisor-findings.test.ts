import { describe, expect, it } from 'vitest';
import { isFailure, parseFindings, type Finding } from './advisor-findings.ts';

const finding = (overrides: Partial<Finding>): Finding => ({
  name: 'unused_index',
  title: 'Unused Index',
  level: 'INFO',
  categories: ['PERFORMANCE'],
  detail: 'Index `x` on table `public.y` has not been used',
  ...overrides,
});

describe('parseFindings', () => {
  it('reads the JSON array after the status lines the CLI prints first', () => {
    const stdout = `│\n▲  Connected to 127.0.0.1 without TLS\n[\n  ${JSON.stringify(finding({}))}\n]\n`;
    expect(parseFindings(stdout)).toEqual([finding({})]);
  });

  it('accepts an empty report', () => {
    expect(parseFindings('[]')).toEqual([]);
    expect(parseFindings('No issues found')).toEqual([]);
  });

  it('rejects output that is not a findings array', () => {
    expect(() => parseFindings('Error: connection refused')).toThrow(/JSON/);
    expect(() => parseFindings('[{"foo": 1}]')).toThrow(/expected shape/);
  });
});

describe('isFailure', () => {
  it('fails on every security finding, whatever its level', () => {
    expect(isFailure(finding({ name: 'rls_disabled_in_public', level: 'ERROR', categories: ['SECURITY'] }))).toBe(true);
    expect(isFailure(finding({ name: 'some_security_info', level: 'INFO', categories: ['SECURITY'] }))).toBe(true);
  });

  it('fails on WARN and ERROR performance findings', () => {
    expect(isFailure(finding({ name: 'table_bloat', level: 'WARN' }))).toBe(true);
    expect(isFailure(finding({ name: 'something', level: 'ERROR' }))).toBe(true);
  });

  it('fails on the performance lints kept at zero even at INFO level', () => {
    expect(isFailure(finding({ name: 'unindexed_foreign_keys' }))).toBe(true);
    expect(isFailure(finding({ name: 'duplicate_index' }))).toBe(true);
  });

  it('lets INFO findings such as unused_index pass', () => {
    expect(isFailure(finding({}))).toBe(false);
  });
});
