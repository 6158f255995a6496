// Resolution of an embed (`alias:target!hint!inner(...)`) to one relationship between two
// relations of the schema cache, following foreign keys only, as PostgREST does: many-to-one,
// one-to-many, one-to-one and many-to-many through a junction whose unique key holds both FKs.
import { ApiError } from './errors.ts';
import { FuzzySet } from './fuzzy.ts';
import { isUniqueKey, type ForeignKey, type Relation, type SchemaCache } from './schema-cache.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface DirectRelationship {
  kind: 'direct';
  cardinality: Exclude<Cardinality, 'many-to-many'>;
  fk: ForeignKey;
  parent: string;
  target: string;
  /** Columns on the parent side and, pairwise, on the target side: target.c[i] = parent.p[i]. */
  parentColumns: string[];
  targetColumns: string[];
}

export interface JunctionRelationship {
  kind: 'junction';
  cardinality: 'many-to-many';
  parent: string;
  target: string;
  junction: string;
  /** junction → parent */
  fkParent: ForeignKey;
  /** junction → target */
  fkTarget: ForeignKey;
}

/** A function taking the parent's row and returning rows of the target (PostgREST's computed relationship). */
export interface ComputedEmbed {
  kind: 'computed';
  cardinality: 'many-to-one' | 'one-to-many';
  parent: string;
  target: string;
  fn: string;
}

export type Relationship = DirectRelationship | JunctionRelationship | ComputedEmbed;

export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Every relationship between `parent` and `target` (both relation names). */
export function relationshipsBetween(cache: SchemaCache, parent: string, target: string): Relationship[] {
  const out: Relationship[] = [];
  const parentRel = cache.relations.get(parent);
  const targetRel = cache.relations.get(target);
  if (!parentRel || !targetRel) return out;
  /** The FK `fk`, held by `holder`, read from the parent: one-to-one when its columns are unique in `holder`. */
  const direct = (fk: ForeignKey, holder: Relation, cardinality: 'many-to-one' | 'one-to-many', parentColumns: string[], targetColumns: string[]): DirectRelationship => ({
    kind: 'direct',
    cardinality: isUniqueKey(holder, fk.fromColumns) ? 'one-to-one' : cardinality,
    fk,
    parent,
    target,
    parentColumns,
    targetColumns,
  });
  for (const fk of cache.fksByRelation.get(parent) ?? []) {
    // many-to-one (or one-to-one when the FK columns are unique in the parent)
    if (fk.from === parent && fk.to === target) out.push(direct(fk, parentRel, 'many-to-one', fk.fromColumns, fk.toColumns));
    // one-to-many (or one-to-one when the FK columns are unique in the target)
    if (fk.to === parent && fk.from === target) out.push(direct(fk, targetRel, 'one-to-many', fk.toColumns, fk.fromColumns));
  }
  // many-to-many through a junction J: J → parent and J → target, both FKs inside one unique key of J.
  for (const fkParent of cache.fksByRelation.get(parent) ?? []) {
    if (fkParent.to !== parent || fkParent.from === parent) continue;
    const junction = cache.relations.get(fkParent.from);
    if (!junction || fkParent.from === target) continue;
    for (const fkTarget of cache.fksByRelation.get(target) ?? []) {
      if (fkTarget.to !== target || fkTarget.from !== junction.name || fkTarget === fkParent) continue;
      if (fkTarget.name === fkParent.name && sameList(fkTarget.fromColumns, fkParent.fromColumns)) continue;
      const both = [...fkParent.fromColumns, ...fkTarget.fromColumns];
      const held = junction.uniqueKeys.some((key) => both.every((col) => key.includes(col)));
      if (!held) continue;
      out.push({ kind: 'junction', cardinality: 'many-to-many', parent, target, junction: junction.name, fkParent, fkTarget });
    }
  }
  return out;
}

/** The FK column of a single-column relationship on the origin side (`col`) or the target side (`fcol`). */
function singleColumn(rel: Relationship, side: 'origin' | 'target'): string | null {
  if (rel.kind !== 'direct') return null;
  const list = side === 'origin' ? rel.parentColumns : rel.targetColumns;
  return list.length === 1 ? list[0]! : null;
}

/**
 * Whether a relationship answers the embed `target!hint`, by PostgREST's rules (Plan.hs, findRel):
 * a self-referencing FK gives one-to-many by table name and many-to-one by FK column; otherwise the
 * target is the related table/view, or (tables only) an FK constraint or FK column name; a hint
 * names the constraint, a column on either side, or the junction.
 */
function matches(cache: SchemaCache, rel: Relationship, target: string, hint: string | null): boolean {
  if (rel.kind === 'computed') return false;
  const toMany = rel.cardinality === 'one-to-many';
  const toOneByFk = rel.cardinality === 'many-to-one';
  if (rel.kind === 'direct' && rel.parent === rel.target) {
    if (hint === null) return (target === rel.target && toMany) || (singleColumn(rel, 'origin') === target && toOneByFk);
    return target === rel.target && toMany && singleColumn(rel, 'target') === hint;
  }
  if (hint === null) {
    if (target === rel.target) return true;
    if (rel.kind !== 'direct' || cache.relations.get(rel.target)?.kind === 'view') return false;
    return rel.fk.name === target || singleColumn(rel, 'origin') === target;
  }
  if (target !== rel.target) return false;
  if (rel.kind === 'junction') return rel.junction === hint;
  return rel.fk.name === hint || singleColumn(rel, 'origin') === hint || singleColumn(rel, 'target') === hint;
}

/**
 * The relationships from `parent` that can answer the embed `name`: those with the relation `name`,
 * those of a foreign key named `name` or on a column `name` (other relations), the computed one.
 */
function candidatesFor(cache: SchemaCache, parent: string, name: string, hint: string | null): Relationship[] {
  const out: Relationship[] = [];
  if (cache.relations.has(name)) out.push(...relationshipsBetween(cache, parent, name));
  if (hint === null) {
    for (const fk of cache.fksByRelation.get(parent) ?? []) {
      const single = (list: string[]) => list.length === 1 && list[0] === name;
      if (fk.name !== name && !single(fk.fromColumns) && !single(fk.toColumns)) continue;
      const other = fk.from === parent ? fk.to : fk.from;
      if (other === name) continue;
      for (const rel of relationshipsBetween(cache, parent, other)) if (rel.kind === 'direct' && rel.fk === fk && !out.includes(rel)) out.push(rel);
    }
    const computed = cache.relations.get(parent)?.computedRels.get(name);
    if (computed) out.push({ kind: 'computed', cardinality: computed.toOne ? 'many-to-one' : 'one-to-many', parent, target: computed.target, fn: computed.fn });
  }
  return out;
}

function describe(rel: Relationship): Record<string, string> {
  if (rel.kind === 'computed') return {};
  const cols = (list: string[]) => `(${list.join(', ')})`;
  if (rel.kind === 'junction') {
    return {
      cardinality: 'many-to-many',
      embedding: `${rel.parent} with ${rel.target}`,
      relationship: `${rel.junction} using ${rel.fkParent.name}${cols(rel.fkParent.fromColumns)} and ${rel.fkTarget.name}${cols(rel.fkTarget.fromColumns)}`,
    };
  }
  return {
    cardinality: rel.cardinality,
    embedding: `${rel.parent} with ${rel.target}`,
    relationship: `${rel.fk.name} using ${rel.parent}${cols(rel.parentColumns)} and ${rel.target}${cols(rel.targetColumns)}`,
  };
}

function hintName(rel: Relationship): string {
  return rel.kind === 'junction' ? rel.junction : rel.kind === 'computed' ? rel.fn : rel.fk.name;
}

/** The relations of the schema that have relationships (PostgREST's keys of allRels). */
function relatedParents(cache: SchemaCache): string[] {
  const out = new Set<string>();
  for (const [name, fks] of cache.fksByRelation) if (fks.length > 0 && cache.relations.has(name)) out.add(name);
  for (const [name, relation] of cache.relations) if (relation.computedRels.size > 0) out.add(name);
  return [...out];
}

/** The targets of `parent`'s relationships: the other end of its keys, many-to-many targets, computed ones. */
function relatedTargets(cache: SchemaCache, parent: string): string[] {
  const out = new Set<string>();
  for (const fk of cache.fksByRelation.get(parent) ?? []) {
    out.add(fk.from === parent ? fk.to : fk.from);
    if (fk.to === parent && fk.from !== parent) {
      for (const other of cache.fksByRelation.get(fk.from) ?? []) if (other.from === fk.from && other !== fk) out.add(other.to);
    }
  }
  for (const computed of cache.relations.get(parent)?.computedRels.values() ?? []) out.add(computed.target);
  return [...out].filter((name) => cache.relations.has(name));
}

/**
 * PGRST200's hint as PostgREST gives it (Error.hs, noRelBetweenHint): when the parent has no
 * relationship, the closest parent that has some; otherwise the closest target of its
 * relationships, unless the embed names one exactly (then the hint was the problem: no hint).
 */
export function noRelBetweenHint(cache: SchemaCache, parent: string, target: string): string | null {
  const parents = relatedParents(cache);
  if (parents.includes(parent)) {
    const child = new FuzzySet(relatedTargets(cache, parent)).get(target).find((match) => match.score < 1);
    return child ? `Perhaps you meant '${child.value}' instead of '${target}'.` : null;
  }
  const suggestion = new FuzzySet(parents).getOne(parent);
  return suggestion === null ? null : `Perhaps you meant '${suggestion}' instead of '${parent}'.`;
}

function noRelationship(cache: SchemaCache, parent: string, target: string, hint: string | null): ApiError {
  return new ApiError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${cache.schema}', but no matches were found.`,
    noRelBetweenHint(cache, parent, target),
  );
}

export interface ResolvedEmbed {
  relationship: Relationship;
  target: Relation;
}

/**
 * Resolves the embed `name!hint` from `parent`: `name` is a relation (table or view), or a
 * foreign key column / constraint name of the parent (many-to-one shortcut).
 */
/** Resolutions per schema cache (a cache never changes; a reload makes a new one). */
const resolved = new WeakMap<SchemaCache, Map<string, ResolvedEmbed | ApiError>>();

export function resolveEmbed(cache: SchemaCache, parent: string, name: string, hint: string | null): ResolvedEmbed {
  let memo = resolved.get(cache);
  if (!memo) {
    memo = new Map();
    resolved.set(cache, memo);
  }
  const key = `${parent}\u0000${name}\u0000${hint ?? ''}`;
  let answer = memo.get(key);
  if (answer === undefined) {
    try {
      answer = resolve(cache, parent, name, hint);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = error;
    }
    if (memo.size < 10_000) memo.set(key, answer);
  }
  if (answer instanceof ApiError) throw answer;
  return answer;
}

function resolve(cache: SchemaCache, parent: string, name: string, hint: string | null): ResolvedEmbed {
  const candidates = candidatesFor(cache, parent, name, hint).filter((rel) => rel.kind === 'computed' || matches(cache, rel, name, hint));
  if (candidates.length === 0) throw noRelationship(cache, parent, name, hint);
  if (candidates.length > 1) {
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
      candidates.map(describe),
      `Try changing '${name}' to one of the following: ${candidates.map((r) => `'${name}!${hintName(r)}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  const relationship = candidates[0]!;
  return { relationship, target: cache.relations.get(relationship.target)! };
}
