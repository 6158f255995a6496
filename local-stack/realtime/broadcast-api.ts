// Realtime's REST broadcast API under /realtime/v1: what realtime-js calls for `channel.send()`
// before the channel is joined (`POST /api/broadcast` with {messages: [{topic, event, payload,
// private}]}) and for `channel.httpSend()` (`POST /api/broadcast/{topic}/events/{event}`, body =
// the payload, `?private=true`). The caller is the Authorization bearer token, else the apikey;
// messages to private topics are sent only when the INSERT policy of realtime.messages allows the
// caller (others are dropped, the answer is still 202 as in Realtime). A payload over the tenant's
// max_payload_size_in_kb (payload-size.ts) makes the request invalid: 422 with Realtime's changeset
// error "Payload size exceeds tenant limit", nothing sent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from '../http-util.ts';
import { bearerToken } from '../jwt.ts';
import type { Extension } from './authorization.ts';
import type { BroadcastMessage, Identity } from './index.ts';
import type { RealtimeLimits } from './limits.ts';
import { binaryExternalSize, jsonExternalSize, maxPayloadBytes } from './payload-size.ts';
import { topicKey } from './topics.ts';

/** Plug's default body length (8 MB; Realtime's Plug.Parsers and OctetStream parser keep it): past it 413. */
const BODY_LIMIT = 8_000_000;

export const PAYLOAD_TOO_LARGE = 'Payload size exceeds tenant limit';

export interface BroadcastService {
  verify(token: string): Promise<{ ok: true; identity: Identity } | { ok: false }>;
  broadcast(key: string, message: BroadcastMessage): void;
  mayWrite(subscriber: { identity: Identity; subTopic: string }, extension: Extension): Promise<boolean>;
  readonly limits: Pick<RealtimeLimits, 'maxPayloadSizeInKb'>;
}

interface Outgoing {
  topic: string;
  isPrivate: boolean;
  message: BroadcastMessage;
}

function accepted(res: ServerResponse): void {
  res.writeHead(202, { 'Content-Length': '0' });
  res.end();
}

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

type FieldErrors = Partial<Record<'topic' | 'event' | 'payload' | 'private', string[]>>;

/**
 * Validates `{messages: [...]}` as Realtime's changeset does; when invalid, its errors as Realtime's
 * ChangesetView renders them: `{messages: ["can't be blank"]}` or one map per message
 * (`{}` for a valid one), e.g. `{messages: [{}, {payload: ["Payload size exceeds tenant limit"]}]}`.
 */
function batchMessages(value: unknown, maxBytes: number): { errors: Record<string, unknown> } | { messages: Outgoing[] } {
  const messages = value !== null && typeof value === 'object' ? (value as { messages?: unknown }).messages : undefined;
  if (!Array.isArray(messages) || messages.length === 0) return { errors: { messages: ["can't be blank"] } };
  const errors: FieldErrors[] = [];
  const out: Outgoing[] = [];
  for (const entry of messages as unknown[]) {
    const m = (entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? entry : {}) as Record<string, unknown>;
    const problems: FieldErrors = {};
    if (typeof m.topic !== 'string' || m.topic === '') problems.topic = ["can't be blank"];
    if (typeof m.event !== 'string' || m.event === '') problems.event = ["can't be blank"];
    if (m.payload === undefined || m.payload === null) problems.payload = ["can't be blank"];
    else if (typeof m.payload !== 'object' || Array.isArray(m.payload)) problems.payload = ['is invalid'];
    else if (jsonExternalSize(m.payload) > maxBytes) problems.payload = [PAYLOAD_TOO_LARGE];
    if (m.private !== undefined && m.private !== null && typeof m.private !== 'boolean') problems.private = ['is invalid'];
    errors.push(problems);
    if (Object.keys(problems).length > 0) continue;
    const payload: Record<string, unknown> = { type: 'broadcast', event: m.event, payload: m.payload };
    if (typeof m.id === 'string') payload.meta = { id: m.id };
    out.push({ topic: m.topic as string, isPrivate: m.private === true, message: { kind: 'json', payload } });
  }
  return out.length === messages.length ? { messages: out } : { errors: { messages: errors } };
}

export async function handleBroadcastRequest(service: BroadcastService, req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void> {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(subpath);
  if (subpath !== '/api/broadcast' && subpath !== '/api/broadcast/' && !single) {
    // Any other path under /realtime/v1 (the websocket path without an upgrade included): the
    // server's own 404.
    sendJson(res, 404, { message: 'no Route matched with those values', code: 'not_found', path: `/realtime/v1${subpath}` });
    return;
  }
  if (req.method !== 'POST') {
    sendJson(res, 405, { message: 'Method not allowed' });
    return;
  }
  const token = bearerToken(req.headers);
  const verified = token ? await service.verify(token) : undefined;
  if (!verified || !verified.ok) {
    req.resume();
    sendJson(res, 401, { message: 'Unauthorized' });
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req, BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      sendJson(res, 413, { message: 'Payload too large' });
      return;
    }
    throw error;
  }

  const maxBytes = maxPayloadBytes(service.limits.maxPayloadSizeInKb);
  let outgoing: Outgoing[];
  if (single) {
    const topic = decodeURIComponent(single[1]!);
    const event = decodeURIComponent(single[2]!);
    const isPrivate = new URL(req.url ?? '/', 'http://localhost').searchParams.get('private') === 'true';
    const binary = (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/octet-stream');
    if (binary) {
      if (binaryExternalSize(body.length) > maxBytes) {
        sendJson(res, 422, { errors: { payload: [PAYLOAD_TOO_LARGE] } });
        return;
      }
      outgoing = [{ topic, isPrivate, message: { kind: 'user', event, encoding: 'binary', bytes: body } }];
    } else {
      const parsed = parseJson(body);
      if (!parsed.ok) {
        sendJson(res, 422, { errors: { payload: ['is invalid'] } });
        return;
      }
      // Plug's JSON parser: an object is the params, any other JSON value is `%{"_json" => value}`.
      const measured = parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value) ? parsed.value : { _json: parsed.value };
      if (jsonExternalSize(measured) > maxBytes) {
        sendJson(res, 422, { errors: { payload: [PAYLOAD_TOO_LARGE] } });
        return;
      }
      outgoing = [{ topic, isPrivate, message: { kind: 'json', payload: { type: 'broadcast', event, payload: parsed.value } } }];
    }
  } else {
    const parsed = parseJson(body);
    const result = parsed.ok ? batchMessages(parsed.value, maxBytes) : { errors: { messages: ["can't be blank"] } };
    if ('errors' in result) {
      sendJson(res, 422, { errors: result.errors });
      return;
    }
    outgoing = result.messages;
  }

  // Private topics: the INSERT policy is asked once per topic.
  const allowed = new Map<string, boolean>();
  for (const item of outgoing) {
    if (item.isPrivate && !allowed.has(item.topic)) {
      allowed.set(item.topic, await service.mayWrite({ identity: verified.identity, subTopic: item.topic }, 'broadcast'));
    }
  }
  for (const item of outgoing) {
    if (item.isPrivate && allowed.get(item.topic) !== true) continue;
    service.broadcast(topicKey(item.topic, item.isPrivate), item.message);
  }
  accepted(res);
}
