import { describe, expect, it } from 'vitest';
import { GrammarError, parseOperatorExpression, splitTopLevel } from './filter-grammar.ts';
import { ident, sqlOperator } from './sql-text.ts';

describe('the shared filter grammar', () => {
  it('reads operators, negation, lists and the any/all modifiers', () => {
    expect(parseOperatorExpression('not.in.(1,"a,b")', false)).toEqual({ negate: true, value: { op: 'in', values: ['1', 'a,b'] } });
    expect(parseOperatorExpression('like(any).{a*,b*}', false)).toEqual({ negate: false, value: { op: 'like', quantifier: 'any', value: '{a*,b*}' } });
    expect(parseOperatorExpression('gte(all).{1,2}', false).value).toMatchObject({ op: 'gte', quantifier: 'all' });
    expect(parseOperatorExpression('fts(english).cat', false).value).toEqual({ op: 'fts', language: 'english', value: 'cat' });
  });

  it('is a closed grammar: inherited names, unknown modifiers and bad is values are syntax errors', () => {
    for (const bad of ['constructor.x', 'toString.1', '__proto__.1', 'eq(some).{1}', 'in(any).(1)', 'is(any).null', 'is.maybe', 'neq(any).{1}']) {
      expect(() => parseOperatorExpression(bad, false)).toThrow(GrammarError);
    }
  });

  it('splits on top-level commas; strict mode refuses unbalanced quotes', () => {
    expect(splitTopLevel('a.eq.1,b.in.(1,2),c.eq."x,y"')).toEqual(['a.eq.1', 'b.in.(1,2)', 'c.eq."x,y"']);
    expect(() => splitTopLevel('a=eq."open', true)).toThrow(GrammarError);
  });

  it('spells SQL from closed maps only', () => {
    expect(sqlOperator('isdistinct')).toBe('is distinct from');
    expect(() => sqlOperator('constructor')).toThrow();
    expect(ident('a"b')).toBe('"a""b"');
  });
});
