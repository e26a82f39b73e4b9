import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import type { Db, SqlParam } from './db.ts';
import type { Keys } from './keys.ts';
import { roleOf } from './keys.ts';

/**
 * The Supabase Realtime subset the app uses (design §4), at /realtime/v1/websocket: the
 * Phoenix channel protocol (serializer 1.0.0 objects and 2.0.0 arrays), joining private
 * channels with a JWT, authorised by the RLS policies on realtime.messages exactly as
 * hosted Realtime does (a probe row read as the user with realtime.topic() set, rolled
 * back), token refresh, heartbeats, and delivery of the broadcasts realtime.send() writes
 * (server/bootstrap/002_realtime.sql) after their transaction commits. Anything else is
 * refused with Realtime's error replies, never ignored.
 */

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeOptions {
  db: Db;
  keys: Keys;
  /** How often committed broadcasts are looked for while anyone is subscribed. */
  pollMs?: number;
  maxConnectionsPerIp?: number;
  /** Channels one socket may join. */
  maxChannelsPerSocket?: number;
  clientIp: (req: http.IncomingMessage) => string;
}

export interface RealtimeServer {
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

type Vsn = '1.0.0' | '2.0.0';

interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

const refSchema = z.union([z.string().max(255), z.null()]).optional();
const frameObjectSchema = z.object({
  join_ref: refSchema,
  ref: refSchema,
  topic: z.string().min(1).max(255),
  event: z.string().min(1).max(255),
  payload: z.unknown(),
});
const frameArraySchema = z.tuple([
  z.union([z.string().max(255), z.null()]),
  z.union([z.string().max(255), z.null()]),
  z.string().min(1).max(255),
  z.string().min(1).max(255),
  z.unknown(),
]);

const joinPayloadSchema = z.object({
  config: z
    .object({
      private: z.boolean().optional(),
      postgres_changes: z.array(z.unknown()).optional(),
      presence: z.object({ enabled: z.boolean().optional() }).passthrough().optional(),
      broadcast: z.object({}).passthrough().optional(),
    })
    .passthrough()
    .optional(),
  access_token: z.string().max(16_384).optional(),
});
const accessTokenPayloadSchema = z.object({ access_token: z.string().max(16_384) });

interface Subscription {
  topic: string;
  joinRef: string | null;
  isPrivate: boolean;
  /** JWT expiry, seconds since the epoch. */
  exp: number | null;
  /** Database time of the join (ms): broadcasts inserted earlier are not this channel's. */
  since: number;
}

interface Client {
  ws: WebSocket;
  vsn: Vsn;
  ip: string;
  channels: Map<string, Subscription>;
}

const CHANNEL_PREFIX = 'realtime:';

class Rollback extends Error {
  constructor(readonly at: number | null) {
    super('rollback');
  }
}

export function createRealtimeServer(opts: RealtimeOptions): RealtimeServer {
  const { db, keys } = opts;
  const pollMs = opts.pollMs ?? 150;
  const maxPerIp = opts.maxConnectionsPerIp ?? 100;
  const maxChannels = opts.maxChannelsPerSocket ?? 20;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const clients = new Set<Client>();
  const perIp = new Map<string, number>();
  let poller: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let closed = false;
  /** Ids of broadcasts already delivered, with when they were first seen. */
  const seen = new Map<number, number>();

  function encode(client: Client, frame: Frame): string {
    return JSON.stringify(
      client.vsn === '1.0.0'
        ? frame
        : [frame.join_ref, frame.ref, frame.topic, frame.event, frame.payload],
    );
  }

  function send(client: Client, frame: Frame): void {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(encode(client, frame));
  }

  function reply(client: Client, req: Frame, status: 'ok' | 'error', response: object): void {
    send(client, {
      join_ref: req.join_ref,
      ref: req.ref,
      topic: req.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  function decode(client: Client, data: RawData, isBinary: boolean): Frame | null {
    if (isBinary) return null;
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      return null;
    }
    if (client.vsn === '1.0.0') {
      const parsed = frameObjectSchema.safeParse(raw);
      if (!parsed.success) return null;
      return {
        ...parsed.data,
        join_ref: parsed.data.join_ref ?? null,
        ref: parsed.data.ref ?? null,
      };
    }
    const parsed = frameArraySchema.safeParse(raw);
    if (!parsed.success) return null;
    const [join_ref, ref, topic, event, payload] = parsed.data;
    return { join_ref, ref, topic, event, payload };
  }

  type Verified =
    | { ok: true; claims: Record<string, unknown>; exp: number | null }
    | { ok: false; reason: string };

  async function verifyUserToken(token: string): Promise<Verified> {
    const v = await keys.verify(token);
    if (!v.ok) {
      return {
        ok: false,
        reason: v.reason === 'expired' ? 'Token has expired' : `Invalid JWT: ${v.message}`,
      };
    }
    if (!roleOf(v.claims)) return { ok: false, reason: 'Invalid JWT: role is not allowed' };
    return {
      ok: true,
      claims: { ...v.claims },
      exp: typeof v.claims.exp === 'number' ? v.claims.exp : null,
    };
  }

  /**
   * Hosted Realtime's check: can this user read a broadcast on this topic under RLS? Returns
   * the database time of the check when they can, null when not.
   */
  async function mayRead(topic: string, claims: Record<string, unknown>): Promise<number | null> {
    const role = roleOf(claims);
    try {
      await db.transaction(async (tx) => {
        const probe = await tx.query<{ id: string }>(
          `insert into realtime.messages (topic, extension, private, event, payload)
           values ($1, 'broadcast', true, 'probe', '{}') returning id::text as id`,
          [topic],
        );
        const params: SqlParam[] = [
          role ?? 'anon',
          JSON.stringify(claims),
          typeof claims.sub === 'string' ? claims.sub : '',
          topic,
        ];
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('request.jwt.claim.sub', $3, true), set_config('realtime.topic', $4, true)`,
          params,
        );
        const r = await tx.query<{ ok: boolean; at: number }>(
          `select exists (select 1 from realtime.messages where id = $1::bigint) as ok,
                  (extract(epoch from clock_timestamp()) * 1000)::float8 as at`,
          [probe.rows[0]?.id ?? '0'],
        );
        const row = r.rows[0];
        throw new Rollback(row?.ok === true ? Number(row.at) : null);
      });
    } catch (e) {
      if (e instanceof Rollback) return e.at;
      throw e;
    }
    return null;
  }

  async function join(client: Client, frame: Frame): Promise<void> {
    const parsed = joinPayloadSchema.safeParse(frame.payload);
    if (!parsed.success) return reply(client, frame, 'error', { reason: 'Invalid join payload' });
    const config = parsed.data.config ?? {};
    if ((config.postgres_changes ?? []).length > 0) {
      return reply(client, frame, 'error', {
        reason: 'postgres_changes is not supported by the local server; use broadcast',
      });
    }
    if (config.presence?.enabled === true) {
      return reply(client, frame, 'error', {
        reason: 'Presence is not supported by the local server',
      });
    }
    if (config.private !== true) {
      return reply(client, frame, 'error', {
        reason: 'PrivateOnly: This project only allows private channels',
      });
    }
    if (!client.channels.has(frame.topic) && client.channels.size >= maxChannels) {
      return reply(client, frame, 'error', { reason: 'Too many channels' });
    }
    const token = parsed.data.access_token;
    if (!token)
      return reply(client, frame, 'error', { reason: 'Unauthorized: access token required' });
    const verified = await verifyUserToken(token);
    if (!verified.ok) return reply(client, frame, 'error', { reason: verified.reason });
    const subTopic = frame.topic.slice(CHANNEL_PREFIX.length);
    const since = await mayRead(subTopic, verified.claims);
    if (since === null) {
      return reply(client, frame, 'error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
      });
    }
    client.channels.set(frame.topic, {
      topic: frame.topic,
      joinRef: frame.join_ref,
      isPrivate: true,
      exp: verified.exp,
      since,
    });
    reply(client, frame, 'ok', { postgres_changes: [] });
    startPolling();
  }

  function closeChannel(client: Client, sub: Subscription, message: string): void {
    client.channels.delete(sub.topic);
    send(client, {
      join_ref: sub.joinRef,
      ref: null,
      topic: sub.topic,
      event: 'system',
      payload: {
        extension: 'system',
        status: 'error',
        message,
        channel: sub.topic.slice(CHANNEL_PREFIX.length),
      },
    });
    send(client, {
      join_ref: sub.joinRef,
      ref: sub.joinRef,
      topic: sub.topic,
      event: 'phx_close',
      payload: {},
    });
  }

  async function refreshToken(client: Client, frame: Frame): Promise<void> {
    const sub = client.channels.get(frame.topic);
    const parsed = accessTokenPayloadSchema.safeParse(frame.payload);
    if (!sub || !parsed.success) return;
    const verified = await verifyUserToken(parsed.data.access_token);
    if (!verified.ok) return closeChannel(client, sub, verified.reason);
    // A token for someone else must not keep a channel joined as the first user.
    if ((await mayRead(sub.topic.slice(CHANNEL_PREFIX.length), verified.claims)) === null) {
      return closeChannel(client, sub, 'Unauthorized: the new token may not read this channel');
    }
    sub.exp = verified.exp;
  }

  async function onFrame(client: Client, frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') return reply(client, frame, 'ok', {});
      return reply(client, frame, 'error', { reason: 'unknown event' });
    }
    if (!frame.topic.startsWith(CHANNEL_PREFIX)) {
      return reply(client, frame, 'error', { reason: 'Topic must start with realtime:' });
    }
    switch (frame.event) {
      case 'phx_join':
        return join(client, frame);
      case 'phx_leave':
        client.channels.delete(frame.topic);
        return reply(client, frame, 'ok', {});
      case 'access_token':
        return refreshToken(client, frame);
      case 'broadcast':
      case 'presence':
        return reply(client, frame, 'error', {
          reason: 'Sending from clients is not supported by the local server',
        });
      default:
        return reply(client, frame, 'error', { reason: 'unknown event' });
    }
  }

  function startPolling(): void {
    if (poller !== undefined || polling || closed) return;
    poller = setTimeout(() => void poll(), pollMs);
  }

  async function poll(): Promise<void> {
    poller = undefined;
    if (closed) return;
    const subscribed = [...clients].some((c) => c.channels.size > 0);
    if (!subscribed) return;
    polling = true;
    try {
      // By insert time, not id: on PostgreSQL a transaction with a lower id can commit after
      // one with a higher id. A REST transaction lasts at most the statement timeout.
      const r = await db.query<{
        id: string;
        at: number;
        topic: string;
        event: string | null;
        payload: unknown;
        private: boolean;
      }>(
        `select id::text as id, (extract(epoch from inserted_at) * 1000)::float8 as at, topic,
                event, payload, coalesce(private, false) as private
           from realtime.messages
          where inserted_at > clock_timestamp() - interval '60 seconds'
            and extension = 'broadcast' and event is distinct from 'probe'
          order by id`,
      );
      const now = Date.now();
      for (const row of r.rows) {
        const id = Number(row.id);
        if (seen.has(id)) continue;
        seen.set(id, now);
        const topic = `${CHANNEL_PREFIX}${row.topic}`;
        deliver(topic, row.event ?? '', row.payload, row.private, Number(row.at));
      }
      for (const [id, at] of seen) if (now - at > 120_000) seen.delete(id);
    } catch {
      // The database restarting after a statement timeout: try again next round.
    } finally {
      polling = false;
      startPolling();
    }
  }

  function deliver(
    topic: string,
    event: string,
    payload: unknown,
    isPrivate: boolean,
    insertedAt: number,
  ): void {
    const nowSeconds = Date.now() / 1000;
    for (const client of clients) {
      const sub = client.channels.get(topic);
      if (!sub || sub.isPrivate !== isPrivate || insertedAt < sub.since) continue;
      if (sub.exp !== null && sub.exp <= nowSeconds) {
        closeChannel(client, sub, 'Token has expired');
        continue;
      }
      send(client, {
        join_ref: sub.joinRef,
        ref: null,
        topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event, payload },
      });
    }
  }

  function refuse(socket: Duplex, status: number, body: object): void {
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 429 ? 'Too Many Requests' : 'Bad Request'}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }

  async function upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0') {
      return refuse(socket, 400, { message: `Unsupported serializer version: ${vsnParam}` });
    }
    const apikey = url.searchParams.get('apikey') ?? req.headers.apikey;
    if (typeof apikey !== 'string' || !(await keys.verify(apikey)).ok) {
      return refuse(socket, 401, { message: 'Invalid API key' });
    }
    const ip = opts.clientIp(req);
    const open = perIp.get(ip) ?? 0;
    if (open >= maxPerIp) return refuse(socket, 429, { message: 'Too many connections' });
    perIp.set(ip, open + 1);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { ws, vsn: vsnParam, ip, channels: new Map() };
      clients.add(client);
      // One frame at a time per socket, so a join finishes before the next frame is read.
      let chain = Promise.resolve();
      ws.on('message', (data, isBinary) => {
        chain = chain.then(async () => {
          const frame = decode(client, data, isBinary);
          if (!frame) {
            ws.close(1007, 'malformed message');
            return;
          }
          try {
            await onFrame(client, frame);
          } catch {
            reply(client, frame, 'error', { reason: 'Internal error' });
          }
        });
      });
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        clients.delete(client);
        const n = (perIp.get(ip) ?? 1) - 1;
        if (n <= 0) perIp.delete(ip);
        else perIp.set(ip, n);
      });
    });
  }

  // Delivered broadcasts are kept a few minutes; hosted Realtime drops its daily partitions.
  const pruner = setInterval(() => {
    db.query(
      `delete from realtime.messages where inserted_at < clock_timestamp() - interval '5 minutes'`,
    ).catch(() => undefined);
  }, 60_000);
  pruner.unref();

  return {
    handleUpgrade(req, socket, head) {
      upgrade(req, socket, head).catch(() => socket.destroy());
    },
    async close() {
      closed = true;
      clearInterval(pruner);
      if (poller !== undefined) clearTimeout(poller);
      for (const client of clients) client.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
