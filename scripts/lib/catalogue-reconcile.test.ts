import { describe, expect, it } from 'vitest';
import { aclStatements, createPolicyStatement, policyStatements, privilegeList, type AclEntry, type PlatformPolicy } from './catalogue-reconcile.ts';

const ALL_TABLE = ['DELETE', 'INSERT', 'MAINTAIN', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE'];

function acl(object: string, grantee: string, privileges: string[], column: string | null = null): AclEntry {
  const target = column === null ? object : `TABLE ${object.replace(/^COLUMN (.*)\.[^.]+$/, '$1')}`;
  return { object, target, column, grantee, privileges, grantable: [] };
}

describe('privilegeList', () => {
  it('writes every privilege of an object as all (PostgreSQL 15 has no MAINTAIN)', () => {
    expect(privilegeList(ALL_TABLE, 'TABLE public.x', null)).toBe('all');
    expect(privilegeList(ALL_TABLE.filter((p) => p !== 'MAINTAIN'), 'TABLE public.x', null)).toBe('all');
    expect(privilegeList(['SELECT', 'UPDATE'], 'TABLE public.x', null)).toBe('SELECT, UPDATE');
    expect(privilegeList(['EXECUTE'], 'FUNCTION public.f()', null)).toBe('all');
    expect(privilegeList(['INSERT'], 'TABLE public.x', '"body"')).toBe('INSERT ("body")');
  });
});

describe('aclStatements', () => {
  it('revokes what default privileges gave a role that the desired ACL does not hold', () => {
    const current = [acl('TABLE public.x', 'postgres', ALL_TABLE), acl('TABLE public.x', 'anon', ALL_TABLE), acl('TABLE public.x', 'authenticated', ['SELECT'])];
    const desired = [acl('TABLE public.x', 'postgres', ALL_TABLE), acl('TABLE public.x', 'authenticated', ['SELECT'])];
    expect(aclStatements(current, desired)).toEqual(['revoke all on TABLE public.x from anon;']);
  });

  it('changes a grantee by revoking then granting, and grants a new one', () => {
    const current = [acl('FUNCTION public.f()', 'authenticated', ['EXECUTE'])];
    const desired = [acl('FUNCTION public.f()', 'authenticated', ['EXECUTE']), acl('FUNCTION public.f()', 'service_role', ['EXECUTE'])];
    expect(aclStatements(current, desired)).toEqual(['grant all on FUNCTION public.f() to service_role;']);
    const seqNow = [acl('SEQUENCE public.s', 'anon', ['SELECT', 'UPDATE', 'USAGE'])];
    const seqWanted = [acl('SEQUENCE public.s', 'anon', ['USAGE'])];
    expect(aclStatements(seqNow, seqWanted)).toEqual(['revoke all on SEQUENCE public.s from anon;', 'grant USAGE on SEQUENCE public.s to anon;']);
  });

  it('restores a column grant of a table both sides have, and leaves objects only one side has alone', () => {
    const current = [acl('TABLE public.x', 'postgres', ALL_TABLE), acl('TABLE public.gone', 'anon', ['SELECT'])];
    const desired = [
      acl('TABLE public.x', 'postgres', ALL_TABLE),
      acl('COLUMN public.x.body', 'authenticated', ['INSERT'], 'body'),
      acl('TABLE public.new', 'anon', ['SELECT']),
    ];
    expect(aclStatements(current, desired)).toEqual(['grant INSERT (body) on TABLE public.x to authenticated;']);
  });

  it('keeps grant options', () => {
    const desired = [{ ...acl('SCHEMA private', 'anon', ['USAGE']), grantable: ['USAGE'] }];
    const current = [acl('SCHEMA private', 'anon', ['USAGE'])];
    expect(aclStatements(current, desired)).toEqual([
      'revoke USAGE on SCHEMA private from anon;',
      'grant USAGE on SCHEMA private to anon with grant option;',
    ]);
  });
});

describe('policyStatements', () => {
  const policy: PlatformPolicy = {
    schemaname: 'storage',
    tablename: 'objects',
    policyname: 'sdv_objects_delete',
    permissive: 'PERMISSIVE',
    roles: ['authenticated'],
    cmd: 'DELETE',
    qual: "(bucket_id = 'banners'::text)",
    with_check: null,
  };

  it('writes a policy as create policy', () => {
    expect(createPolicyStatement({ ...policy, permissive: 'RESTRICTIVE', cmd: 'ALL', roles: ['public'], with_check: 'true' })).toBe(
      "create policy sdv_objects_delete on storage.objects\n  as restrictive for all to public\n  using ((bucket_id = 'banners'::text))\n  with check (true);",
    );
  });

  it('drops a removed policy, re-creates a changed one and creates a new one', () => {
    const changed = { ...policy, qual: 'false' };
    const added = { ...policy, policyname: 'sdv_new', cmd: 'SELECT' };
    expect(policyStatements([policy], [])).toEqual(['drop policy sdv_objects_delete on storage.objects;']);
    expect(policyStatements([policy], [changed])).toEqual([
      'drop policy sdv_objects_delete on storage.objects;',
      createPolicyStatement(changed),
    ]);
    expect(policyStatements([policy], [policy, added])).toEqual([createPolicyStatement(added)]);
  });
});
