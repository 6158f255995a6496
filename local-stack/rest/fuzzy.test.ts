import { describe, expect, it } from 'vitest';
import { FuzzySet, gramVector, levenshteinNorm } from './fuzzy.ts';

// Expectations of the Haskell package's own test suite (fuzzyset 0.2.4, test/Spec.hs, the sets with
// Levenshtein re-ranking) and of PostgREST's doctests of noRpcHint (src/PostgREST/Error.hs).
const STATES =
  'Alabama|Alaska|American Samoa|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|District of Columbia|Florida|Georgia|Guam|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Northern Marianas Islands|Ohio|Oklahoma|Oregon|Pennsylvania|Puerto Rico|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Virgin Islands|Washington|West Virginia|Wisconsin|Wyoming'.split(
    '|',
  );

function scores(set: FuzzySet, query: string): [number, string][] {
  return set.get(query).map(({ score, value }) => [Number(score.toFixed(10)), value]);
}

describe('FuzzySet (fuzzyset 0.2.4)', () => {
  it('makes grams of -value- with letters, digits, spaces and commas only', () => {
    expect([...gramVector('Hi_there!', 3).keys()]).toEqual(['-hi', 'hit', 'ith', 'the', 'her', 'ere', 're-']);
    expect(gramVector('aaa', 2)).toEqual(new Map([['-a', 1], ['aa', 2], ['a-', 1]]));
    expect(gramVector('', 3).size).toBe(0);
  });

  it('normalises Levenshtein distance as text-metrics does', () => {
    expect(levenshteinNorm('hello', 'yello')).toBeCloseTo(0.8);
    expect(levenshteinNorm('fellow', 'yello')).toBeCloseTo(0.6666666666666667);
    expect(levenshteinNorm('technology', 'logic')).toBeCloseTo(0.19999999999999996);
    expect(levenshteinNorm('sawa', 'sawa')).toBe(1);
  });

  it('answers what the package answers for the states', () => {
    const set = new FuzzySet(STATES);
    expect(scores(set, 'wyome')).toEqual([[0.5714285714, 'Wyoming']]);
    expect(scores(set, 'Louisianaland')).toEqual([
      [0.6923076923, 'Louisiana'],
      [0.3846153846, 'Maryland'],
      [0.3846153846, 'Rhode Island'],
      [0.36, 'Northern Marianas Islands'],
    ]);
    expect(scores(set, 'ia')).toEqual([
      [0.5, 'Iowa'],
      [0.4, 'Idaho'],
    ]);
    expect(scores(set, 'flaska')).toEqual([
      [0.8333333333, 'Alaska'],
      [0.5, 'Nebraska'],
      [0.4285714286, 'Florida'],
    ]);
    expect(set.get('ALABAMA')).toEqual([{ score: 1, value: 'Alabama' }]);
  });

  it("gives PostgREST's function hints", () => {
    const names = new FuzzySet(['test', 'another']);
    expect(names.getOne('testt')).toBe('test');
    expect(names.getOne('other')).toBe('another');
    expect(names.getOne('noclosealternative')).toBeNull();
    const lists = new FuzzySet(['(name, param, val)', '(attr, id)']);
    expect(lists.getOne('(nam, pqaram, vall)')).toBe('(name, param, val)');
    expect(lists.getOne('(param, val)')).toBe('(name, param, val)');
    expect(lists.getOne('(attrs, id)')).toBe('(attr, id)');
    expect(lists.getOne('(id)')).toBe('(attr, id)');
    expect(lists.getOne('(noclosealternative)')).toBeNull();
  });
});
