// The Realtime API of the local stack (/realtime/v1/websocket): Phoenix channels (vsn 2.0.0, and
// 1.0.0 object frames) as @supabase/realtime-js 2.x expects, with postgres_changes, Broadcast and
// Presence. Changes come from the database (see capture.ts); each is delivered only to subscribers
// who can read the row themselves: the row is selected as the subscriber's role with its JWT
// claims, so RLS decides. Private channels are authorised by RLS on realtime.messages
// (authorization.ts). See README.md in this folder for the protocol details and what is not supported.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { withRoleTransaction } from '../db-session.ts';
import { verifyJwt, type Claims, type DbRole } from '../jwt.ts';
import type { ApiContext, RealtimeModule, RealtimeModuleFactory } from '../types.ts';
import { readPolicies, writePolicy, type Extension } from './authorization.ts';
import { handleBroadcastRequest } from './broadcast-api.ts';
import { ChangeCapture, tableKey, type RawChange, type TableInfo } from './capture.ts';
import {
  decodeBinaryFrame,
  decodeFrame,
  encodeFrame,
  encodeUserBroadcast,
  parseVsn,
  reply,
  type PhoenixMessage,
  type UserBroadcastPush,
  validUserPayload,
  type Vsn,
} from './codec.ts';
import { filterSql, FilterParseError, parseFilter, quoteIdent, type FilterCondition } from './filters.ts';
import { capIdentityKey, rlsGroupKey } from './identity.ts';
import { ClientPresenceWindow, Gate, RateCounter, ReadBudget, type RealtimeLimits } from './limits.ts';
import { jsonExternalSize, maxPayloadBytes, userBroadcastExternalSize } from './payload-size.ts';
import { topicKey, Topics, type TopicMember } from './topics.ts';

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
/** Subscriber checks running at once for one change (each holds a pooled connection briefly). */
const CHECK_CONCURRENCY = 4;
const MAX_TIMER_MS = 2_147_483_647;
/** Changes checked together (one query per subscriber identity and table per batch). */
const MAX_BATCH = 200;
/** How long a role's table privileges are trusted before being read again. */
const PRIVILEGE_CACHE_MS = 5_000;
/** Channels one socket may join (Supabase's default `max_channels_per_client`; SDV_REALTIME_MAX_CHANNELS_PER_CLIENT). */
export const MAX_CHANNELS_PER_CONNECTION = 100;
/** Channels one signed-in user (role + sub) may have joined over all its sockets and tokens. */
export const MAX_CHANNELS_PER_IDENTITY = 500;
export const TOO_MANY_CHANNELS = 'ChannelRateLimitReached: Too many channels';
// Realtime's answers when a tenant limit is reached (lib/realtime_web/channels/realtime_channel.ex).
export const TOO_MANY_JOINS = 'ClientJoinRateLimitReached: Too many joins per second';
export const TOO_MANY_USERS = 'ConnectionRateLimitReached: Too many connected users';
export const TOO_MANY_MESSAGES = 'Too many messages per second';
export const TOO_MANY_PRESENCE = 'Too many presence messages per second';
export const CLIENT_PRESENCE_LIMIT = 'Client presence rate limit exceeded';
/** Realtime's answers to a payload over max_payload_size_in_kb (payload-size.ts). */
export const PAYLOAD_SIZE_EXCEEDED = 'payload_size_exceeded';
export const TRACK_SIZE_EXCEEDED = 'Track message size exceeded';
/** Realtime's websocket frame bound (RealtimeWeb.Endpoint `max_frame_size`): past it the socket is closed (1009). */
export const MAX_FRAME_BYTES = 5_000_000;
/** Database work of joins running at once (filter values, private-channel policies), see Gate. */
const JOIN_CONCURRENCY = 2;
/** How long the read check of a change is retried while the database or its pool is busy or away. */
const CHECK_RETRY_MS = 120_000;

export interface Identity {
  role: DbRole;
  claims: Claims;
  /** Subscribers with the same key share one RLS check per change (identity.ts). */
  groupKey: string;
  /** Key of the per-identity channel cap; undefined for tokens without `sub`. */
  capKey: string | undefined;
}

function makeIdentity(role: DbRole, claims: Claims): Identity {
  return { role, claims, groupKey: rlsGroupKey(role, claims), capKey: capIdentityKey(role, claims) };
}

/** A broadcast as it travels: Supabase's JSON form, or the user broadcast of a binary push. */
export type BroadcastMessage =
  | { kind: 'json'; payload: Record<string, unknown> }
  | { kind: 'user'; event: string; encoding: 'json' | 'binary'; bytes: Buffer };

interface Binding {
  id: number;
  /** The binding exactly as the client sent it (echoed back in the join reply). */
  echo: Record<string, unknown>;
  event: string;
  schema: string;
  /** undefined = every published table of the schema. */
  table: string | undefined;
  filter: FilterCondition[];
}

interface ChannelOptions {
  isPrivate: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
}

/** Read policies of a private channel; undefined = not evaluated yet. */
type PolicyState = Partial<Record<`${Extension}Read`, boolean>>;

class Channel implements TopicMember {
  active = true;
  expiryTimer: NodeJS.Timeout | undefined;
  readonly topicKey: string;
  /** The cap key counted for this channel at join (a later token does not move it). */
  readonly capKey: string | undefined;
  policies: PolicyState = {};
  /** Write policies, evaluated once at the first send / track (one promise: pushes keep their order). */
  writes: Partial<Record<Extension, Promise<boolean>>> = {};
  readonly presenceWindow: ClientPresenceWindow;

  constructor(
    readonly connection: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    public identity: Identity,
    readonly bindings: Binding[],
    readonly options: ChannelOptions,
  ) {
    this.topicKey = topicKey(this.subTopic, options.isPrivate);
    this.capKey = identity.capKey;
    const limits = connection.service.limits;
    this.presenceWindow = new ClientPresenceWindow(limits.clientPresenceMaxCalls, limits.clientPresenceWindowMs);
  }

  get subTopic(): string {
    return this.topic.replace(/^realtime:/i, '');
  }

  get presenceKey(): string {
    return this.options.presenceKey;
  }

  canReadBroadcast(): boolean {
    return !this.options.isPrivate || this.policies.broadcastRead === true;
  }

  canReadPresence(): boolean {
    return !this.options.isPrivate || this.policies.presenceRead === true;
  }

  push(event: string, payload: Record<string, unknown>, ref: string | null = null): void {
    this.connection.send({ joinRef: this.joinRef, ref, topic: this.topic, event, payload });
  }

  pushEvent(event: string, payload: Record<string, unknown>): void {
    if (this.active) this.push(event, payload);
  }

  /**
   * Sends a broadcast in the form this socket's client decodes (Realtime's serializers). `encoded`
   * keeps each form encoded once for all the members of the topic (Realtime's fastlane cache).
   */
  deliverBroadcast(message: BroadcastMessage, encoded: Map<string, Buffer | undefined> = new Map()): void {
    if (!this.active) return;
    const key = `${this.connection.vsn}\u0000${this.topic}`;
    if (message.kind === 'json') {
      let frame = encoded.get(key);
      if (frame === undefined) {
        frame = Buffer.from(encodeFrame({ joinRef: null, ref: null, topic: this.topic, event: 'broadcast', payload: message.payload }, this.connection.vsn), 'utf8');
        encoded.set(key, frame);
      }
      this.connection.sendEncoded(frame as Buffer);
      return;
    }
    if (this.connection.vsn === '2.0.0') {
      let frame = encoded.get(key);
      if (frame === undefined && !encoded.has(key)) {
        frame = encodeUserBroadcast(this.topic, message.event, message.encoding, message.bytes);
        encoded.set(key, frame);
      }
      if (frame) this.connection.sendBinary(frame);
      return;
    }
    // vsn 1.0.0 has no binary frames: JSON user payloads are converted, raw bytes cannot be.
    if (message.encoding !== 'json') return;
    const payload = { type: 'broadcast', event: message.event, payload: JSON.parse(message.bytes.toString('utf8')) as unknown };
    this.connection.send({ joinRef: null, ref: null, topic: this.topic, event: 'broadcast', payload });
  }

  stop(): void {
    this.active = false;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
  }
}

type VerifiedToken = { ok: true; identity: Identity } | { ok: false; expired: boolean; message: string };

function rawBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const readDenied = (subTopic: string): string => `You do not have permissions to read from this Channel topic: ${subTopic}`;

class Connection {
  readonly channels = new Map<string, Channel>();
  /** Joins being checked (they count against the channel cap until answered). */
  private pendingJoins = 0;
  private closedAsSlow = false;

  constructor(
    readonly service: RealtimeService,
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apiIdentity: Identity,
  ) {
    // A socket sending faster than its read budget is read more slowly (TCP pushes back on the
    // sender): one client cannot keep the event loop busy decoding its frames.
    const budget = new ReadBudget(service.limits.maxSocketReadBytesPerSecond);
    let paused = false;
    ws.on('message', (data, isBinary) => {
      const bytes = rawBuffer(data);
      const wait = budget.take(bytes.length);
      if (wait > 0 && !paused) {
        paused = true;
        ws.pause();
        setTimeout(() => {
          paused = false;
          if (ws.readyState === ws.OPEN) ws.resume();
        }, wait).unref();
      }
      if (isBinary) {
        // The JSON of the user payload is checked only when the payload is not refused for its size
        // (an oversized push costs no parse).
        const push = decodeBinaryFrame(bytes, false);
        if (!push) return;
        const size = userBroadcastExternalSize(push.event, push.encoding, push.payload.length, push.metadata);
        if (size <= maxPayloadBytes(service.limits.maxPayloadSizeInKb) && !validUserPayload(push)) return;
        this.guard('broadcast', push.ref, push, () => this.binaryBroadcast(push, size));
        return;
      }
      const message = decodeFrame(bytes.toString('utf8'), this.vsn);
      if (message) this.guard(message.event, message.ref, message, () => this.dispatch(message));
    });
    ws.on('close', () => this.closeAll());
    ws.on('error', () => this.closeAll());
  }

  private guard(event: string, ref: string | null, to: Pick<PhoenixMessage, 'joinRef' | 'ref' | 'topic'>, run: () => Promise<void>): void {
    run().catch((error: unknown) => {
      this.service.ctx.log(`[realtime] error handling ${event}: ${error instanceof Error ? error.message : String(error)}`);
      if (ref !== null) this.send(reply(to, 'error', { reason: 'internal error' }));
    });
  }

  send(message: PhoenixMessage): void {
    if (this.writable()) this.ws.send(encodeFrame(message, this.vsn));
  }

  /** A text frame already encoded (UTF-8) for this socket's vsn, shared by the topic's members. */
  sendEncoded(frame: Buffer): void {
    if (this.writable()) this.ws.send(frame, { binary: false });
  }

  sendBinary(frame: Buffer): void {
    if (this.writable()) this.ws.send(frame, { binary: true });
  }

  /**
   * Whether a frame may be queued: a socket whose client stopped reading holds at most
   * `maxSocketBufferBytes` of frames; past that it is closed (Realtime's socket process dies past its
   * heap limit), its frames released, and nothing more is queued for it.
   */
  private writable(): boolean {
    if (this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount <= this.service.limits.maxSocketBufferBytes) return true;
    if (!this.closedAsSlow) {
      this.closedAsSlow = true;
      this.service.ctx.log(`[realtime] closed a socket that stopped reading (${this.ws.bufferedAmount} bytes waiting)`);
      this.closeAll();
      this.ws.terminate();
    }
    return false;
  }

  closeAll(): void {
    for (const channel of this.channels.values()) this.service.removeChannel(channel);
    this.channels.clear();
    this.service.connectionGone(this);
  }

  /** Counts a push of the client against the tenant's messages per second (Realtime's handle_in). */
  private countEvent(): void {
    this.service.events?.add();
  }

  /** The joined channel a push is for; answers `unmatched topic` when there is none. */
  private channelFor(message: Pick<PhoenixMessage, 'joinRef' | 'ref' | 'topic'>): Channel | undefined {
    const channel = this.channels.get(message.topic);
    if (!channel || (message.joinRef !== null && channel.joinRef !== message.joinRef)) {
      this.send(reply(message, 'error', { reason: 'unmatched topic' }));
      return undefined;
    }
    return channel;
  }

  private async dispatch(message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.send(reply(message, 'ok', {}));
      return;
    }
    if (message.event === 'phx_join') {
      await this.join(message);
      return;
    }
    const channel = this.channelFor(message);
    if (!channel) return;
    switch (message.event) {
      case 'phx_leave':
        this.leave(channel);
        this.send(reply(message, 'ok', {}));
        this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
        return;
      case 'access_token':
        await this.updateToken(channel, message.payload.access_token);
        return;
      case 'broadcast':
        await this.broadcast(channel, message, { kind: 'json', payload: message.payload }, jsonExternalSize(message.payload));
        return;
      case 'presence':
        await this.presence(channel, message);
        return;
      default:
        this.countEvent();
        return;
    }
  }

  private async binaryBroadcast(push: UserBroadcastPush, size: number): Promise<void> {
    const channel = this.channelFor(push);
    if (!channel) return;
    await this.broadcast(channel, push, { kind: 'user', event: push.event, encoding: push.encoding, bytes: push.payload }, size);
  }

  /**
   * A broadcast from this client: to the topic's other members (and itself with `self`). `size` is
   * its Erlang external size (payload-size.ts); over the payload limit it is counted but not sent,
   * and only an `ack` sender is told (`phx_reply {status:"error", response:"payload_size_exceeded"}`,
   * Realtime's BroadcastHandler); the channel and the socket stay open.
   */
  private async broadcast(channel: Channel, message: Pick<PhoenixMessage, 'joinRef' | 'ref' | 'topic'>, broadcast: BroadcastMessage, size: number): Promise<void> {
    if (channel.options.isPrivate) {
      const allowed = await (channel.writes.broadcast ??= this.service.mayWrite(channel, 'broadcast'));
      // Refused sends are dropped without a reply, as Realtime does (an `ack` sender times out).
      if (!allowed || !channel.active) return;
    }
    this.countEvent();
    if (size > maxPayloadBytes(this.service.limits.maxPayloadSizeInKb)) {
      if (channel.options.ackBroadcast && message.ref !== null) {
        this.send({ joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status: 'error', response: PAYLOAD_SIZE_EXCEEDED } });
      }
      return;
    }
    this.service.broadcast(channel.topicKey, broadcast, channel.options.selfBroadcast ? undefined : channel);
    if (channel.options.ackBroadcast && message.ref !== null) this.send(reply(message, 'ok', {}));
  }

  private async presence(channel: Channel, message: PhoenixMessage): Promise<void> {
    const event = typeof message.payload.event === 'string' ? message.payload.event.toLowerCase() : undefined;
    if (event === undefined) {
      this.send(reply(message, 'ok', {}));
      return;
    }
    if (this.service.limits.ratesEnabled && !channel.presenceWindow.take()) {
      this.service.shutdownChannel(channel, CLIENT_PRESENCE_LIMIT);
      return;
    }
    if (event === 'untrack') {
      this.service.topics.untrack(channel);
      this.send(reply(message, 'ok', {}));
      return;
    }
    if (event !== 'track') {
      this.send(reply(message, 'error', {}));
      return;
    }
    let allowed = true;
    if (channel.options.isPrivate) {
      // Presence enabled by this track: its read permission is evaluated now if the join skipped it.
      if (channel.policies.presenceRead === undefined) {
        channel.policies.presenceRead = (await this.service.mayRead(channel.identity, channel.subTopic, ['presence'])).get('presence') === true;
      }
      allowed = await (channel.writes.presence ??= this.service.mayWrite(channel, 'presence'));
    }
    if (!channel.active) return;
    if (!allowed) {
      this.send(reply(message, 'error', {}));
      return;
    }
    const payload = message.payload.payload ?? {};
    if (!isPlainObject(payload)) {
      this.send(reply(message, 'error', { reason: 'Presence track payload must be a map' }));
      return;
    }
    // Realtime checks the size before the presence rate: an oversized track ends the channel.
    if (jsonExternalSize(payload) > maxPayloadBytes(this.service.limits.maxPayloadSizeInKb)) {
      this.service.shutdownChannel(channel, TRACK_SIZE_EXCEEDED);
      return;
    }
    const presence = this.service.presenceEvents;
    if (presence && presence.avg > this.service.limits.maxPresenceEventsPerSecond) {
      this.service.shutdownChannel(channel, TOO_MANY_PRESENCE);
      return;
    }
    presence?.add();
    this.service.topics.track(channel, payload);
    this.send(reply(message, 'ok', {}));
  }

  private leave(channel: Channel): void {
    this.service.removeChannel(channel);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const existing = this.channels.get(message.topic);
    if (existing) {
      // Phoenix: a second join of the same topic replaces the first.
      this.leave(existing);
      existing.push('phx_close', {}, existing.joinRef);
    }
    if (!/^realtime:./i.test(message.topic)) {
      this.send(reply(message, 'error', { reason: 'Topic must start with realtime:' }));
      return;
    }
    const subTopic = message.topic.replace(/^realtime:/i, '');
    // Realtime's order: concurrent users, joins per second, channels per client; then the token.
    const service = this.service;
    if (service.limits.ratesEnabled) {
      if (!service.counted(this) && service.connectedUsers >= service.limits.maxConcurrentUsers) {
        this.send(reply(message, 'error', { reason: TOO_MANY_USERS }));
        return;
      }
      if (service.joins?.triggered) {
        // As Realtime: the join is refused and the socket disconnected.
        this.send(reply(message, 'error', { reason: TOO_MANY_JOINS }));
        this.closeAll();
        this.ws.close(1000);
        return;
      }
      service.joins?.add();
    }
    // Caps are checked before any work (again when the channel is registered, below); joins still
    // being checked count too, so one socket cannot queue more than the cap.
    if (this.channels.size + this.pendingJoins >= service.limits.maxChannelsPerClient) {
      this.send(reply(message, 'error', { reason: TOO_MANY_CHANNELS }));
      return;
    }
    this.pendingJoins += 1;
    try {
      await this.checkedJoin(message, subTopic);
    } finally {
      this.pendingJoins -= 1;
    }
  }

  private async checkedJoin(message: PhoenixMessage, subTopic: string): Promise<void> {
    let identity = this.apiIdentity;
    const token = message.payload.access_token;
    if (typeof token === 'string' && token !== '') {
      const verified = await this.service.verify(token);
      if (!verified.ok) {
        this.send(reply(message, 'error', { reason: verified.message }));
        return;
      }
      identity = verified.identity;
    }
    if (this.service.identityChannels(identity) >= MAX_CHANNELS_PER_IDENTITY) {
      this.send(reply(message, 'error', { reason: TOO_MANY_CHANNELS }));
      return;
    }
    const config = isPlainObject(message.payload.config) ? message.payload.config : {};
    const broadcastConfig = isPlainObject(config.broadcast) ? config.broadcast : {};
    const presenceConfig = isPlainObject(config.presence) ? config.presence : {};
    const options: ChannelOptions = {
      isPrivate: config.private === true,
      selfBroadcast: broadcastConfig.self === true,
      ackBroadcast: broadcastConfig.ack === true,
      presenceKey: typeof presenceConfig.key === 'string' && presenceConfig.key !== '' ? presenceConfig.key : randomUUID(),
      presenceEnabled: presenceConfig.enabled === true,
    };
    const policies: PolicyState = {};
    const requested = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
    const bindings: Binding[] = [];
    // The database work of a join waits for its turn (Gate): a join flood queues here instead of
    // taking the pooled connections the delivery of changes needs.
    const refusal = await this.service.joinGate.run(async (): Promise<string | undefined> => {
      if (this.ws.readyState !== this.ws.OPEN) return undefined;
      if (options.isPrivate) {
        const read = await this.service.mayRead(identity, subTopic, options.presenceEnabled ? ['broadcast', 'presence'] : ['broadcast']);
        policies.broadcastRead = read.get('broadcast') === true;
        if (options.presenceEnabled) policies.presenceRead = read.get('presence') === true;
        if (!policies.broadcastRead && !policies.presenceRead) return readDenied(subTopic);
      }
      for (const entry of requested) {
        const result = await this.service.makeBinding(entry);
        if (typeof result === 'string') return result;
        bindings.push(result);
      }
      return undefined;
    });
    if (refusal !== undefined) {
      this.send(reply(message, 'error', { reason: refusal }));
      return;
    }
    // The socket may have closed while the join was being checked.
    if (this.ws.readyState !== this.ws.OPEN) return;
    const previous = this.channels.get(message.topic);
    if (previous) this.leave(previous);
    // Caps, counted at the moment of joining (nothing is awaited from here on).
    if (this.channels.size >= this.service.limits.maxChannelsPerClient || this.service.identityChannels(identity) >= MAX_CHANNELS_PER_IDENTITY) {
      this.send(reply(message, 'error', { reason: TOO_MANY_CHANNELS }));
      return;
    }
    const channel = new Channel(this, message.topic, message.joinRef, identity, bindings, options);
    channel.policies = policies;
    this.channels.set(message.topic, channel);
    this.service.addChannel(channel);
    this.send(reply(message, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.echo, id: b.id })) }));
    if (bindings.length > 0) {
      channel.push('system', {
        channel: channel.subTopic,
        extension: 'postgres_changes',
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
      });
    }
    if (options.presenceEnabled && channel.canReadPresence()) channel.push('presence_state', this.service.topics.presenceState(channel));
  }

  private async updateToken(channel: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === '') return;
    const verified = await this.service.verify(token);
    if (!verified.ok) {
      this.service.shutdownChannel(channel, verified.message);
      return;
    }
    if (channel.options.isPrivate) {
      // As Realtime: the policies are evaluated again with the new token; losing read ends the channel.
      const withPresence = channel.options.presenceEnabled || channel.policies.presenceRead !== undefined;
      const read = await this.service.mayRead(verified.identity, channel.subTopic, withPresence ? ['broadcast', 'presence'] : ['broadcast']);
      const policies: PolicyState = { broadcastRead: read.get('broadcast') === true };
      if (withPresence) policies.presenceRead = read.get('presence') === true;
      if (!policies.broadcastRead && !policies.presenceRead) {
        this.service.shutdownChannel(channel, `You no longer have permission to read from this Channel topic: ${channel.subTopic}`);
        return;
      }
      channel.policies = policies;
      channel.writes = {};
    }
    channel.identity = verified.identity;
    this.service.scheduleExpiry(channel);
  }
}

class RealtimeService implements RealtimeModule {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly channels = new Set<Channel>();
  private nextBindingId = 1;
  private queue: Promise<void> = Promise.resolve();
  private readonly pending: RawChange[] = [];
  private draining = false;
  private readonly privilegeCache = new Map<string, { value: { select: boolean; bypassRls: boolean }; until: number }>();
  /** Channels per capped identity (identity.ts). */
  private readonly identityCounts = new Map<string, number>();
  readonly topics = new Topics<Channel>();
  readonly capture: ChangeCapture;
  readonly limits: RealtimeLimits;
  /** Realtime's tenant rate counters; undefined when the rate limits are off (test profile). */
  readonly joins: RateCounter | undefined;
  readonly events: RateCounter | undefined;
  readonly presenceEvents: RateCounter | undefined;
  readonly joinGate = new Gate(JOIN_CONCURRENCY);
  /** Sockets that joined a channel and are still open (Realtime's UsersCounter). */
  private readonly users = new Set<Connection>();
  private closed = false;

  constructor(readonly ctx: ApiContext) {
    this.capture = new ChangeCapture(ctx.dbUrl, ctx.pool, ctx.log, (change) => this.enqueue(change));
    this.limits = ctx.config.realtimeLimits;
    if (this.limits.ratesEnabled) {
      const { tickMs } = this.limits;
      const warn = (code: string, message: string) => (avg: number) => ctx.log(`[realtime] ${code}: ${message} (${avg.toFixed(1)} per second)`);
      this.joins = new RateCounter(this.limits.maxJoinsPerSecond, tickMs, warn('ClientJoinRateLimitReached', 'Too many joins per second'));
      this.events = new RateCounter(this.limits.maxEventsPerSecond, tickMs, warn('MessagePerSecondRateLimitReached', 'Too many messages per second'));
      this.presenceEvents = new RateCounter(this.limits.maxPresenceEventsPerSecond, tickMs, warn('PresenceRateLimitReached', 'Too many presence events per second'));
    }
  }

  get connectedUsers(): number {
    return this.users.size;
  }

  counted(connection: Connection): boolean {
    return this.users.has(connection);
  }

  connectionGone(connection: Connection): void {
    this.users.delete(connection);
  }

  async start(): Promise<void> {
    await this.capture.start();
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const vsn = parseVsn(url.searchParams.get('vsn'));
    const headerKey = req.headers['apikey'];
    const apikey = url.searchParams.get('apikey') ?? (typeof headerKey === 'string' ? headerKey : '');
    const refuse = (status: string, message: string): void => {
      socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message })}`);
    };
    if (!vsn) {
      refuse('400 Bad Request', 'Unsupported vsn');
      return;
    }
    if (!apikey) {
      refuse('403 Forbidden', 'apikey is required');
      return;
    }
    void this.verify(apikey).then(
      (verified) => {
        if (!verified.ok) {
          refuse('403 Forbidden', verified.message);
          return;
        }
        // Realtime's TenantRateLimiters at connect: HTTP 429 with {error}.
        if (this.limits.ratesEnabled) {
          const tooMany = this.users.size >= this.limits.maxConcurrentUsers ? 'Too many connected users' : this.joins?.triggered ? 'Too many joins per second' : undefined;
          if (tooMany) {
            socket.end(`HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ error: tooMany })}`);
            return;
          }
        }
        this.wss.handleUpgrade(req, socket, head, (ws) => {
          new Connection(this, ws, vsn, verified.identity);
        });
      },
      () => refuse('500 Internal Server Error', 'internal error'),
    );
  }

  /** HTTP routes under /realtime/v1 (the REST broadcast API). */
  handle(req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void> {
    return handleBroadcastRequest(this, req, res, subpath);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const counter of [this.joins, this.events, this.presenceEvents]) counter?.close();
    for (const channel of this.channels) channel.stop();
    this.channels.clear();
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await this.capture.close();
    await this.queue.catch(() => undefined);
  }

  async verify(token: string): Promise<VerifiedToken> {
    const result = await verifyJwt(token, this.ctx.config.jwtSecret);
    if (result.ok) return { ok: true, identity: makeIdentity(result.role, result.claims) };
    if (result.reason === 'expired') {
      const exp = decodeExp(token);
      const ago = exp === undefined ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, expired: true, message: `Token has expired ${ago} seconds ago` };
    }
    return { ok: false, expired: false, message: result.reason === 'bad_role' ? result.message : 'Invalid JWT: signature error' };
  }

  /** Validates one requested binding; returns the reason of a refusal as a string. */
  async makeBinding(entry: unknown): Promise<Binding | string> {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return 'Invalid postgres_changes binding';
    const echo = entry as Record<string, unknown>;
    const event = echo.event;
    const schema = echo.schema;
    const table = echo.table;
    const filterText = echo.filter;
    const describe = `[event: ${String(event)}, schema: ${String(schema)}, table: ${String(table ?? '*')}, filters: [${typeof filterText === 'string' ? filterText : ''}]]`;
    const unable = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe}`;
    if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) return unable;
    if (typeof schema !== 'string' || schema === '') return unable;
    if (table !== undefined && table !== null && typeof table !== 'string') return unable;
    if (filterText !== undefined && filterText !== null && typeof filterText !== 'string') return unable;
    const tableName = typeof table === 'string' && table !== '*' && table !== '' ? table : undefined;

    let tables = this.tablesFor(schema, tableName);
    if (tables.length === 0) {
      await this.capture.sync().catch(() => undefined);
      tables = this.tablesFor(schema, tableName);
    }
    if (tables.length === 0) return unable;

    let filter: FilterCondition[];
    try {
      filter = parseFilter(typeof filterText === 'string' ? filterText : undefined);
    } catch (error) {
      return `Invalid filter: ${error instanceof FilterParseError ? error.message : String(filterText)}`;
    }
    if (filter.length > 0) {
      if (!tableName) return 'A filter needs a table';
      const info = tables[0]!;
      for (const condition of filter) {
        const column = info.columns.find((c) => c.name === condition.column);
        if (!column) return `Invalid column name: ${condition.column}`;
        try {
          // Values must be valid for the column's type (cast as a bind parameter, nothing spliced).
          await this.ctx.pool.query(`select $1::text[]::${column.sqlType}[]`, [condition.values]);
        } catch {
          return `Invalid filter value for column ${condition.column}`;
        }
      }
    }
    return { id: this.nextBindingId++, echo, event: event.toUpperCase(), schema, table: tableName, filter };
  }

  private tablesFor(schema: string, table: string | undefined): TableInfo[] {
    if (table !== undefined) {
      const info = this.capture.tables.get(tableKey(schema, table));
      return info ? [info] : [];
    }
    return [...this.capture.tables.values()].filter((info) => info.schema === schema);
  }

  addChannel(channel: Channel): void {
    if (channel.connection.ws.readyState === channel.connection.ws.OPEN) this.users.add(channel.connection);
    this.channels.add(channel);
    this.topics.add(channel);
    if (channel.capKey !== undefined) this.identityCounts.set(channel.capKey, (this.identityCounts.get(channel.capKey) ?? 0) + 1);
    this.scheduleExpiry(channel);
  }

  removeChannel(channel: Channel): void {
    channel.stop();
    if (!this.channels.delete(channel)) return;
    this.topics.remove(channel);
    if (channel.capKey !== undefined) {
      const left = (this.identityCounts.get(channel.capKey) ?? 1) - 1;
      if (left > 0) this.identityCounts.set(channel.capKey, left);
      else this.identityCounts.delete(channel.capKey);
    }
  }

  /** Channels currently joined by the identity (0 for identities without a cap). */
  identityChannels(identity: Identity): number {
    return identity.capKey === undefined ? 0 : (this.identityCounts.get(identity.capKey) ?? 0);
  }

  /** Sends a broadcast to every member of a topic allowed to read it, but `except`. */
  broadcast(key: string, message: BroadcastMessage, except?: Channel): void {
    const over: Channel[] = [];
    const encoded = new Map<string, Buffer | undefined>();
    for (const member of this.topics.members(key)) {
      if (member !== except && member.canReadBroadcast()) {
        member.deliverBroadcast(message, encoded);
        // As Realtime's dispatcher: each delivery counts, and a channel that receives one while the
        // tenant is over its messages per second is shut down.
        if (this.events) {
          this.events.add();
          if (this.events.triggered) over.push(member);
        }
      }
    }
    for (const channel of over) this.shutdownChannel(channel, TOO_MANY_MESSAGES);
  }

  /** Read policies of a private topic; a failing policy counts as a refusal (logged). */
  async mayRead(identity: Identity, subTopic: string, extensions: readonly Extension[]): Promise<Map<Extension, boolean>> {
    try {
      return await readPolicies(this.ctx.pool, identity, subTopic, extensions);
    } catch (error) {
      this.ctx.log(`[realtime] error in the RLS policy (read) of realtime.messages: ${error instanceof Error ? error.message : String(error)}`);
      return new Map();
    }
  }

  /** Write policy of a private topic; a failing policy counts as a refusal (logged). */
  async mayWrite(subscriber: { identity: Identity; subTopic: string }, extension: Extension): Promise<boolean> {
    try {
      return await writePolicy(this.ctx.pool, subscriber.identity, subscriber.subTopic, extension);
    } catch (error) {
      this.ctx.log(`[realtime] error in the RLS policy (write) of realtime.messages: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** Ends a channel the way Realtime does when its token is no longer valid. */
  shutdownChannel(channel: Channel, message: string): void {
    if (!channel.active) return;
    channel.push('system', { channel: channel.subTopic, extension: 'system', message, status: 'error' });
    channel.push('phx_close', {}, channel.joinRef);
    channel.connection.channels.delete(channel.topic);
    this.removeChannel(channel);
  }

  scheduleExpiry(channel: Channel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    channel.expiryTimer = undefined;
    const exp = channel.identity.claims.exp;
    if (typeof exp !== 'number') return;
    const delay = exp * 1000 - Date.now();
    if (delay > MAX_TIMER_MS) return;
    channel.expiryTimer = setTimeout(() => this.shutdownChannel(channel, 'Token has expired 0 seconds ago'), Math.max(delay, 0));
    channel.expiryTimer.unref();
  }

  private enqueue(change: RawChange): void {
    this.pending.push(change);
    if (this.draining) return;
    this.draining = true;
    this.queue = this.drain().finally(() => {
      this.draining = false;
    });
  }

  /** Delivers queued changes in commit order, in batches (a burst costs few queries). */
  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await this.deliverBatch(batch);
      } catch (error) {
        this.ctx.log(`[realtime] error sending ${batch.length} changes: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  private async deliverBatch(batch: RawChange[]): Promise<void> {
    // Which channels want which change (table, event), skipping channels whose token expired.
    const nowSeconds = Date.now() / 1000;
    const wanted: { change: RawChange; info: TableInfo; targets: { channel: Channel; bindings: Binding[] }[] }[] = [];
    for (const change of batch) {
      const info = this.capture.tables.get(tableKey(change.schema, change.table));
      if (!info) continue;
      const targets: { channel: Channel; bindings: Binding[] }[] = [];
      for (const channel of this.channels) {
        if (!channel.active || channel.bindings.length === 0) continue;
        const bindings = channel.bindings.filter(
          (b) =>
            b.schema === change.schema &&
            (b.table === undefined || b.table === change.table) &&
            (b.event === '*' || b.event === change.type),
        );
        if (bindings.length === 0) continue;
        const exp = channel.identity.claims.exp;
        if (typeof exp === 'number' && exp <= nowSeconds) {
          this.shutdownChannel(channel, 'Token has expired 0 seconds ago');
          continue;
        }
        targets.push({ channel, bindings });
      }
      if (targets.length > 0) wanted.push({ change, info, targets });
    }
    if (wanted.length === 0) return;

    // One read-only transaction per RLS group (role + the claims that describe the user, see
    // identity.ts) for the whole batch, with the claims of one of the group's subscribers. Bindings
    // with the same filter are evaluated once per group.
    const groups = new Map<string, { identity: Identity; items: Map<number, CheckItem> }>();
    wanted.forEach((entry, index) => {
      for (const target of entry.targets) {
        const identity = target.channel.identity;
        let group = groups.get(identity.groupKey);
        if (!group) {
          group = { identity, items: new Map() };
          groups.set(identity.groupKey, group);
        }
        let item = group.items.get(index);
        if (!item) {
          item = { index, change: entry.change, info: entry.info, filters: new Map() };
          group.items.set(index, item);
        }
        for (const binding of target.bindings) item.filters.set(filterKey(binding.filter), binding.filter);
      }
    });

    const results = new Map<string, Map<number, CheckResult>>();
    const tasks = [...groups.entries()].map(([key, group]) => async () => {
      try {
        results.set(key, await this.withRetry(() => this.checkAsSubscriber(group.identity, [...group.items.values()])));
      } catch (error) {
        this.ctx.log(`[realtime] could not check read access: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    await runLimited(tasks, CHECK_CONCURRENCY);

    // Send in commit order.
    wanted.forEach((entry, index) => {
      const { change, info } = entry;
      const columns = info.columns.map((c) => ({ name: c.name, type: c.type }));
      for (const target of entry.targets) {
        if (!target.channel.active) continue;
        const outcome = results.get(target.channel.identity.groupKey)?.get(index);
        if (!outcome) continue;
        const ids = target.bindings.filter((b) => outcome.passes.has(filterKey(b.filter))).map((b) => b.id);
        if (ids.length === 0) continue;
        const data: Record<string, unknown> = {
          schema: change.schema,
          table: change.table,
          commit_timestamp: change.commit_timestamp,
          type: change.type,
          columns,
          errors: null,
        };
        if (change.type !== 'DELETE') data.record = outcome.record;
        if (change.type !== 'INSERT') data.old_record = change.old_pk ?? change.pk;
        target.channel.push('postgres_changes', { ids, data });
      }
    });
  }

  /**
   * Runs a read check again while the failure is the database being busy or away (the pool's
   * "timeout exceeded when trying to connect", a refused or terminated connection) — the change
   * waits instead of being lost; later changes wait behind it, so the order is kept. Gives up after
   * CHECK_RETRY_MS or when the module closes; other errors are not retried.
   */
  private async withRetry<T>(check: () => Promise<T>): Promise<T> {
    const started = Date.now();
    let delay = 50;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (this.closed || !isTransient(error) || Date.now() - started > CHECK_RETRY_MS) throw error;
        if (delay === 50) this.ctx.log(`[realtime] read check waits for the database: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 1000);
      }
    }
  }

  /**
   * Reads the changed rows as one subscriber group (role + claims, one read-only transaction): RLS
   * decides which changes it may see. For INSERT/UPDATE, one query per table selects the rows by
   * primary key together with each distinct filter; a change whose row the subscriber cannot read
   * (or that no longer exists) gets no result. DELETE follows Supabase: the row is gone, so RLS
   * cannot be asked; the primary key goes to every role that may SELECT the table, through the
   * bindings without a filter or whose filter names only primary-key columns and matches the old
   * key. Returns results by batch index.
   */
  private async checkAsSubscriber(identity: Identity, items: CheckItem[]): Promise<Map<number, CheckResult>> {
    const out = new Map<number, CheckResult>();
    const byTable = new Map<string, CheckItem[]>();
    for (const item of items) {
      const key = `${item.change.type === 'DELETE' ? 'D' : 'W'}:${tableKey(item.info.schema, item.info.table)}`;
      const list = byTable.get(key);
      if (list) list.push(item);
      else byTable.set(key, [item]);
    }
    const reads: { deleted: boolean; items: CheckItem[] }[] = [];
    for (const [key, tableItems] of byTable) {
      const info = tableItems[0]!.info;
      const privileges = await this.privileges(identity.role, info);
      if (!privileges.select) continue;
      const deleted = key.startsWith('D:');
      if (deleted) {
        // Filters on other columns cannot match: only the old primary key is known.
        for (const item of tableItems) {
          for (const [fkey, filter] of item.filters) {
            if (!filter.every((condition) => info.primaryKey.includes(condition.column))) item.filters.delete(fkey);
          }
        }
      }
      const kept = tableItems.filter((item) => item.filters.size > 0);
      if (kept.length > 0) reads.push({ deleted, items: kept });
    }
    if (reads.length === 0) return out;

    await withRoleTransaction(this.ctx.pool, { role: identity.role, claims: identity.claims, readOnly: true }, async (client) => {
      for (const read of reads) {
        const info = read.items[0]!.info;
        const params: unknown[] = [];
        const param = (value: unknown): string => {
          params.push(value);
          return `$${params.length}`;
        };
        const columnType = (name: string): string => info.columns.find((c) => c.name === name)?.sqlType ?? 'text';
        const ordParam = param(read.items.map((item) => item.index));
        const keyParams = info.primaryKey.map((column) => ({
          column,
          param: param(read.items.map((item) => pkText((read.deleted ? (item.change.old_pk ?? item.change.pk) : item.change.pk)[column]))),
        }));
        const filters = [...new Map(read.items.flatMap((item) => [...item.filters])).entries()];
        const filterColumns = filters.map(([, filter], position) => `${filterSql(filter, columnType, param)} as f${position}`);
        const keys = `unnest(${ordParam}::int[], ${keyParams.map((k) => `${k.param}::${columnType(k.column)}[]`).join(', ')})`;
        // Identifiers and types come from the catalogue; every value is a bind parameter. For a
        // DELETE the filters are evaluated against the old key alone (aliased `t` like a row).
        const sql = read.deleted
          ? `select t.sdv_ord as ord, null::jsonb as record, ${filterColumns.join(', ')}
               from ${keys} as t(sdv_ord, ${info.primaryKey.map(quoteIdent).join(', ')})`
          : `select k.ord, to_jsonb(t) as record, ${filterColumns.join(', ')}
               from ${keys} as k(ord, ${keyParams.map((_, position) => `k${position}`).join(', ')})
               join ${quoteIdent(info.schema)}.${quoteIdent(info.table)} t
                 on ${keyParams.map((k, position) => `t.${quoteIdent(k.column)} = k.k${position}`).join(' and ')}`;
        const { rows } = await client.query<Record<string, unknown>>(sql, params);
        for (const row of rows) {
          const index = Number(row.ord);
          const item = read.items.find((candidate) => candidate.index === index);
          if (!item) continue;
          const passes = new Set<string>();
          filters.forEach(([fkey], position) => {
            if (item.filters.has(fkey) && row[`f${position}`] === true) passes.add(fkey);
          });
          out.set(index, { record: (row.record as Record<string, unknown> | null) ?? null, passes });
        }
      }
    }).catch((error: unknown) => {
      // Column-level privileges short of the whole row (42501): the subscriber receives nothing.
      if ((error as { code?: string }).code !== '42501') throw error;
    });
    return out;
  }

  /** SELECT privilege (table + schema) and RLS bypass of a role, cached for a short while. */
  private async privileges(role: DbRole, info: TableInfo): Promise<{ select: boolean; bypassRls: boolean }> {
    const key = `${role}:${tableKey(info.schema, info.table)}`;
    const cached = this.privilegeCache.get(key);
    if (cached && cached.until > Date.now()) return cached.value;
    const { rows } = await this.ctx.pool.query<{ sel: boolean; bypass: boolean }>(
      `select has_schema_privilege($1, $2, 'usage') and has_table_privilege($1, $3, 'select') as sel,
              coalesce((select rolbypassrls from pg_roles where rolname = $1), false) as bypass`,
      [role, info.schema, `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`],
    );
    const value = { select: rows[0]?.sel === true, bypassRls: rows[0]?.bypass === true };
    this.privilegeCache.set(key, { value, until: Date.now() + PRIVILEGE_CACHE_MS });
    return value;
  }
}

interface CheckItem {
  /** Position of the change in its batch. */
  index: number;
  change: RawChange;
  info: TableInfo;
  /** The distinct filters of the group's bindings on this change, by filterKey. */
  filters: Map<string, FilterCondition[]>;
}

interface CheckResult {
  record: Record<string, unknown> | null;
  /** filterKey of the filters the row passes. */
  passes: Set<string>;
}

/** Failures that go away by themselves: pool or connection trouble, a server restarting. */
export function isTransient(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300', '53400', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))) return true;
  return typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated|connection ended|Client has encountered a connection error/i.test(message);
}

function filterKey(filter: readonly FilterCondition[]): string {
  return JSON.stringify(filter);
}

function pkText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function decodeExp(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next]!;
      next += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, () => worker()));
}

export const createRealtimeModule: RealtimeModuleFactory = async (ctx: ApiContext) => {
  const service = new RealtimeService(ctx);
  await service.start();
  return service;
};
