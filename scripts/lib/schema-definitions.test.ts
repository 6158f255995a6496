import { describe, expect, it } from 'vitest';
import { blankNonCode, definitionsOf, findDuplicateDefinitions, identityArguments, normaliseType, qualifiedName } from './schema-definitions.ts';

const fn = (name: string, args: string, body = 'select 1'): string =>
  `create function ${name}(${args})\nreturns integer\nlanguage sql\nas $$\n  ${body}\n$$;\n`;

describe('identityArguments', () => {
  it('keeps the types of in, inout and variadic arguments, without names and defaults', () => {
    expect(identityArguments('p_from text, p_estimate_first boolean default false, out total bigint, out total_exact boolean')).toEqual([
      'text',
      'boolean',
    ]);
    expect(identityArguments('inout p_x int, variadic p_rest text[]')).toEqual(['integer', 'text[]']);
    expect(identityArguments('p_limit integer = 50')).toEqual(['integer']);
  });

  it('reads types written in several words, with or without an argument name', () => {
    expect(identityArguments('p_from timestamptz, p_to timestamp with time zone')).toEqual([
      'timestamp with time zone',
      'timestamp with time zone',
    ]);
    expect(identityArguments('timestamp with time zone, double precision, character varying(20)')).toEqual([
      'timestamp with time zone',
      'double precision',
      'character varying',
    ]);
  });

  it('does not split inside parentheses (numeric(12,2), default calls)', () => {
    expect(identityArguments("p_amount numeric(12, 2), p_at timestamptz default now(), p_tag text default coalesce('a', 'b')")).toEqual([
      'numeric',
      'timestamp with time zone',
      'text',
    ]);
  });

  it('gives nothing for an empty list', () => {
    expect(identityArguments('')).toEqual([]);
    expect(identityArguments('  ')).toEqual([]);
  });
});

describe('normaliseType and qualifiedName', () => {
  it('spells the aliases one way', () => {
    expect(normaliseType('INT4')).toBe('integer');
    expect(normaliseType('bool')).toBe('boolean');
    expect(normaliseType('varchar(10)[]')).toBe('character varying[]');
    expect(normaliseType('public.open_booking')).toBe('open_booking');
  });

  it('lower-cases unquoted names, keeps quoted ones and puts unqualified names in public', () => {
    expect(qualifiedName('Private.Is_Admin')).toBe('private.is_admin');
    expect(qualifiedName('bookings')).toBe('public.bookings');
    expect(qualifiedName('"Odd"."Name"')).toBe('Odd.Name');
    expect(qualifiedName('private . x')).toBe('private.x');
  });
});

describe('blankNonCode', () => {
  it('blanks comments, strings and dollar-quoted bodies but keeps the lines', () => {
    const text = "-- create policy a on b\nselect 'create trigger x after insert on y';\ndo $$ begin execute 'create view v'; end $$;\n/* create function f() */\nend";
    const blanked = blankNonCode(text);
    expect(blanked.split('\n')).toHaveLength(text.split('\n').length);
    expect(blanked).not.toMatch(/create/);
    expect(blanked).toMatch(/do \$\$ +\$\$;/);
  });

  it('handles tagged dollar quotes, doubled quotes and a $ inside an identifier', () => {
    const blanked = blankNonCode("select $body$ it's $$ inside $body$, 'it''s', a$b;");
    expect(blanked).toContain('$body$');
    expect(blanked).not.toContain('inside');
    expect(blanked).toContain('a$b');
  });
});

describe('definitionsOf', () => {
  it('finds functions, procedures, policies, triggers and views with their lines', () => {
    const text = [
      fn('private.a', 'p text'),
      "create or replace function public.b() returns void language plpgsql as $fn$ begin perform 1; end $fn$;",
      'create procedure private.p(p_x int) language sql as $$ select 1 $$;',
      'create policy bookings_admin_select on public.bookings',
      '  for select to authenticated using (true);',
      'create trigger conversations_names',
      '  before insert or update of customer_id, provider_id',
      '  on public.conversations',
      '  for each row execute function private.conversations_names();',
      'create constraint trigger t2 after insert on x for each row execute function f();',
      'create or replace view public.v as select 1;',
      'create materialized view if not exists private.m as select 1;',
    ].join('\n');
    const found = definitionsOf({ name: 'f.sql', text });
    expect(found.map((d) => `${d.line} ${d.key}`)).toEqual([
      '1 function private.a(text)',
      '8 function public.b()',
      '9 function private.p(integer)',
      '10 policy bookings_admin_select on public.bookings',
      '12 trigger conversations_names on public.conversations',
      '16 trigger t2 on public.x',
      '17 view public.v',
      '18 materialized view private.m',
    ]);
  });

  it('ignores DDL written inside bodies, strings and comments', () => {
    const text = [
      '-- create policy old on public.t',
      "do $$ begin execute format('create policy %I on public.%I', 'p', 't'); end $$;",
      fn('private.f', '', "select 'create trigger x after insert on y'"),
    ].join('\n');
    expect(definitionsOf({ name: 'f.sql', text }).map((d) => d.key)).toEqual(['function private.f()']);
  });
});

describe('findDuplicateDefinitions', () => {
  it('names an object created in two files with both places', () => {
    const duplicates = findDuplicateDefinitions([
      { name: 'schemas/19_helpers.sql', text: '\n' + fn('private.count_matches', 'p_from text, p_estimate_first boolean default false, out total bigint') },
      { name: 'schemas/23_other.sql', text: fn('private.COUNT_MATCHES', 'text, bool') },
    ]);
    expect([...duplicates.keys()]).toEqual(['function private.count_matches(text, boolean)']);
    expect(duplicates.get('function private.count_matches(text, boolean)')!.map((d) => `${d.file}:${d.line}`)).toEqual([
      'schemas/19_helpers.sql:2',
      'schemas/23_other.sql:1',
    ]);
  });

  it('treats overloads, same-named policies of other tables and an unqualified public name correctly', () => {
    const duplicates = findDuplicateDefinitions([
      { name: 'a.sql', text: fn('private.f', 'p text') + 'create policy p on public.a for select using (true);\ncreate view v as select 1;\n' },
      { name: 'b.sql', text: fn('private.f', 'p integer') + 'create policy p on public.b for select using (true);\ncreate view public.v as select 2;\n' },
    ]);
    expect([...duplicates.keys()]).toEqual(['view public.v']);
  });

  it('finds a trigger or policy created twice on the same table, even in one file', () => {
    const text =
      'create trigger t before update on public.x for each row execute function f();\n' +
      'create trigger t after insert on x for each row execute function g();\n';
    expect([...findDuplicateDefinitions([{ name: 'a.sql', text }]).keys()]).toEqual(['trigger t on public.x']);
  });

  it('finds nothing in distinct definitions', () => {
    expect(findDuplicateDefinitions([{ name: 'a.sql', text: fn('private.f', '') }, { name: 'b.sql', text: fn('private.g', '') }]).size).toBe(0);
  });
});
