// Phoenix channel frames as Supabase Realtime speaks them. vsn 2.0.0 (what realtime-js sends by
// default): a JSON array [join_ref, ref, topic, event, payload]; vsn 1.0.0: a JSON object
// {join_ref, ref, topic, event, payload}.

export type Vsn = '1.0.0' | '2.0.0';

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

function refOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function payloadOf(value: unknown): Record<string, unknown> | undefined {
  if (value === null || value === undefined) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return undefined;
}

/** Parses a text frame; undefined when it is not a well-formed Phoenix message. */
export function decodeFrame(text: string, vsn: Vsn): PhoenixMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  let fields: unknown[];
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    fields = parsed;
  } else {
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const object = parsed as Record<string, unknown>;
    fields = [object.join_ref, object.ref, object.topic, object.event, object.payload];
  }
  const [rawJoinRef, rawRef, topic, event, rawPayload] = fields;
  const joinRef = refOf(rawJoinRef);
  const ref = refOf(rawRef);
  const payload = payloadOf(rawPayload);
  if (joinRef === undefined || ref === undefined || payload === undefined) return undefined;
  if (typeof topic !== 'string' || topic === '' || typeof event !== 'string' || event === '') return undefined;
  return { joinRef, ref, topic, event, payload };
}

export function encodeFrame(message: PhoenixMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  }
  return JSON.stringify({
    join_ref: message.joinRef,
    ref: message.ref,
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  });
}

/** The reply to a push: phx_reply with the push's refs. */
export function reply(
  to: Pick<PhoenixMessage, 'joinRef' | 'ref' | 'topic'>,
  status: 'ok' | 'error',
  response: Record<string, unknown>,
): PhoenixMessage {
  return { joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } };
}

export function parseVsn(value: string | null): Vsn | undefined {
  if (value === null || value === '' || value === '1.0.0') return '1.0.0';
  if (value === '2.0.0') return '2.0.0';
  return undefined;
}

/**
 * A broadcast as realtime-js 2.x sends it over vsn 2.0.0: a binary "user broadcast push" frame
 * (kind 3): [kind, join_ref size, ref size, topic size, event size, metadata size, encoding] then
 * join_ref, ref, topic, user event, metadata (JSON or empty) and the user payload (encoding 1 = JSON
 * text, 0 = raw bytes).
 */
export interface UserBroadcastPush {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  encoding: 'json' | 'binary';
  payload: Buffer;
  /** The push's metadata, decoded (`{}` when the frame has none), as Realtime's V2 serializer keeps it. */
  metadata: unknown;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;

/** Whether a JSON-encoded user payload is valid JSON. */
export function validUserPayload(push: Pick<UserBroadcastPush, 'encoding' | 'payload'>): boolean {
  if (push.encoding !== 'json') return true;
  try {
    JSON.parse(push.payload.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Parses a binary frame; undefined unless it is a well-formed user broadcast push (with a JSON user
 * payload that parses, unless `checkPayload` is false: the caller then checks it with
 * `validUserPayload` when it needs to, e.g. not for a payload it refuses for its size).
 */
export function decodeBinaryFrame(data: Buffer, checkPayload = true): UserBroadcastPush | undefined {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return undefined;
  const sizes = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6];
  if (encoding !== 0 && encoding !== 1) return undefined;
  let offset = 7;
  const fields: string[] = [];
  for (const size of sizes) {
    if (offset + size > data.length) return undefined;
    fields.push(data.subarray(offset, offset + size).toString('utf8'));
    offset += size;
  }
  const [joinRef, ref, topic, event, metadataText] = fields as [string, string, string, string, string];
  if (topic === '' || event === '') return undefined;
  let metadata: unknown = {};
  if (metadataText !== '') {
    try {
      metadata = JSON.parse(metadataText) as unknown;
    } catch {
      return undefined;
    }
  }
  const payload = data.subarray(offset);
  const push: UserBroadcastPush = {
    joinRef: joinRef === '' ? null : joinRef,
    ref: ref === '' ? null : ref,
    topic,
    event,
    encoding: encoding === 1 ? 'json' : 'binary',
    payload: Buffer.from(payload),
    metadata,
  };
  return !checkPayload || validUserPayload(push) ? push : undefined;
}

/** The binary "user broadcast" frame (kind 4) that realtime-js decodes into a broadcast event. */
export function encodeUserBroadcast(topic: string, event: string, encoding: 'json' | 'binary', payload: Buffer): Buffer | undefined {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) return undefined;
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, encoding === 'json' ? 1 : 0]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}
