// Resolution of an embed (`alias:target!hint!inner(...)`) to one relationship between two
// relations of the schema cache, following foreign keys only, as PostgREST does: many-to-one,
// one-to-many, one-to-one and many-to-many through a junction whose unique key holds both FKs.
import { ApiError } from './errors.ts';
import { EXPOSED_SCHEMA, isUniqueKey, type ForeignKey, type Relation, type SchemaCache } from './schema-cache.ts';

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

export type Relationship = DirectRelationship | JunctionRelationship;

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
  for (const fk of cache.fksByRelation.get(parent) ?? []) {
    // many-to-one (or one-to-one when the FK columns are unique in the parent)
    if (fk.from === parent && fk.to === target) {
      out.push({
        kind: 'direct',
        cardinality: isUniqueKey(parentRel, fk.fromColumns) ? 'one-to-one' : 'many-to-one',
        fk,
        parent,
        target,
        parentColumns: fk.fromColumns,
        targetColumns: fk.toColumns,
      });
    }
    // one-to-many (or one-to-one when the FK columns are unique in the target)
    if (fk.to === parent && fk.from === target) {
      out.push({
        kind: 'direct',
        cardinality: isUniqueKey(targetRel, fk.fromColumns) ? 'one-to-one' : 'one-to-many',
        fk,
        parent,
        target,
        parentColumns: fk.toColumns,
        targetColumns: fk.fromColumns,
      });
    }
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

function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.kind === 'junction') {
    return rel.junction === hint || rel.fkParent.name === hint || rel.fkTarget.name === hint;
  }
  if (rel.fk.name === hint) return true;
  // A column hint names the FK column on either side (single-column keys).
  return (rel.parentColumns.length === 1 && rel.parentColumns[0] === hint) || (rel.targetColumns.length === 1 && rel.targetColumns[0] === hint);
}

function describe(rel: Relationship): Record<string, string> {
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
  return rel.kind === 'junction' ? rel.junction : rel.fk.name;
}

function noRelationship(parent: string, target: string, hint: string | null): ApiError {
  return new ApiError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${EXPOSED_SCHEMA}', but no matches were found.`,
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
export function resolveEmbed(cache: SchemaCache, parent: string, name: string, hint: string | null): ResolvedEmbed {
  let candidates: Relationship[];
  const targetRelation = cache.relations.get(name);
  if (targetRelation) {
    candidates = relationshipsBetween(cache, parent, name);
  } else {
    // `customer_id(*)` or `bookings_customer_id_fkey(*)`: the relation referenced by that FK.
    candidates = [];
    for (const fk of cache.fksByRelation.get(parent) ?? []) {
      if (fk.from !== parent) continue;
      if (fk.name === name || (fk.fromColumns.length === 1 && fk.fromColumns[0] === name)) {
        candidates.push(...relationshipsBetween(cache, parent, fk.to).filter((r) => r.kind === 'direct' && r.fk === fk && r.parentColumns === fk.fromColumns));
      }
    }
  }
  if (hint !== null) candidates = candidates.filter((rel) => matchesHint(rel, hint));
  if (candidates.length === 0) throw noRelationship(parent, name, hint);
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
