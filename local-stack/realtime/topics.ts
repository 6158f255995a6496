// Broadcast and Presence of the local Realtime: the channels joined to each topic (a public and a
// private topic of the same name are distinct, as in Supabase) and the presences tracked on it,
// with Phoenix Presence's wire format: `presence_state` {key: {metas: [{phx_ref, …payload}]}} and
// `presence_diff` {joins, leaves} in the same shape.
import { randomBytes } from 'node:crypto';

/** What a topic needs of a joined channel. */
export interface TopicMember {
  readonly topicKey: string;
  readonly presenceKey: string;
  /** May receive broadcasts (public channel, or the SELECT policy allowed `broadcast`). */
  canReadBroadcast(): boolean;
  /** May receive presence (public channel, or the SELECT policy allowed `presence`). */
  canReadPresence(): boolean;
  pushEvent(event: string, payload: Record<string, unknown>): void;
}

export type PresenceMeta = Record<string, unknown> & { phx_ref: string };
type Metas = Record<string, { metas: PresenceMeta[] }>;

interface Tracked<M extends TopicMember> {
  member: M;
  meta: PresenceMeta;
}

interface Topic<M extends TopicMember> {
  members: Set<M>;
  /** Presences in the order they were tracked. */
  presences: Tracked<M>[];
}

export function topicKey(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${subTopic}`;
}

/** A Phoenix-like presence reference (unique, opaque). */
function presenceRef(): string {
  return randomBytes(12).toString('base64url');
}

function group(entries: readonly Tracked<TopicMember>[]): Metas {
  const out: Metas = {};
  for (const { member, meta } of entries) {
    (out[member.presenceKey] ??= { metas: [] }).metas.push(meta);
  }
  return out;
}

export class Topics<M extends TopicMember> {
  private readonly topics = new Map<string, Topic<M>>();

  add(member: M): void {
    let topic = this.topics.get(member.topicKey);
    if (!topic) {
      topic = { members: new Set(), presences: [] };
      this.topics.set(member.topicKey, topic);
    }
    topic.members.add(member);
  }

  /** Removes a member; its presence (if tracked) leaves, and the others are told. */
  remove(member: M): void {
    const topic = this.topics.get(member.topicKey);
    if (!topic || !topic.members.delete(member)) return;
    this.untrack(member);
    if (topic.members.size === 0 && topic.presences.length === 0) this.topics.delete(member.topicKey);
  }

  members(key: string): ReadonlySet<M> {
    return this.topics.get(key)?.members ?? new Set();
  }

  /** The current presence state of the member's topic. */
  presenceState(member: M): Metas {
    return group(this.topics.get(member.topicKey)?.presences ?? []);
  }

  /**
   * Tracks (or updates) the member's presence with `payload`. Returns false when the payload is the
   * one already tracked (nothing changes, nothing is sent).
   */
  track(member: M, payload: Record<string, unknown>): boolean {
    const topic = this.topics.get(member.topicKey);
    if (!topic) return false;
    const existing = topic.presences.find((entry) => entry.member === member);
    if (existing && sameJson(withoutRefs(existing.meta), payload)) return false;
    const meta: PresenceMeta = { ...payload, phx_ref: presenceRef() };
    if (existing) {
      meta.phx_ref_prev = existing.meta.phx_ref;
      const left = existing.meta;
      existing.meta = meta;
      this.diff(topic, { [member.presenceKey]: { metas: [meta] } }, { [member.presenceKey]: { metas: [left] } });
    } else {
      topic.presences.push({ member, meta });
      this.diff(topic, { [member.presenceKey]: { metas: [meta] } }, {});
    }
    return true;
  }

  /** Untracks the member's presence, if any, and tells the topic. */
  untrack(member: M): void {
    const topic = this.topics.get(member.topicKey);
    if (!topic) return;
    const index = topic.presences.findIndex((entry) => entry.member === member);
    if (index === -1) return;
    const [left] = topic.presences.splice(index, 1);
    this.diff(topic, {}, { [member.presenceKey]: { metas: [left!.meta] } });
    if (topic.members.size === 0 && topic.presences.length === 0) this.topics.delete(member.topicKey);
  }

  isTracked(member: M): boolean {
    return this.topics.get(member.topicKey)?.presences.some((entry) => entry.member === member) ?? false;
  }

  private diff(topic: Topic<M>, joins: Metas, leaves: Metas): void {
    for (const member of topic.members) {
      if (member.canReadPresence()) member.pushEvent('presence_diff', { joins, leaves });
    }
  }
}

function withoutRefs(meta: PresenceMeta): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...meta };
  delete copy.phx_ref;
  delete copy.phx_ref_prev;
  return copy;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
