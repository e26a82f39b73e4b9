import type http from 'node:http';
import { z } from 'zod';
import {
  bearerToken,
  BodyTooLargeError,
  header,
  parseJson,
  readBody,
  readBodyBytes,
  sendJson,
} from '../http.ts';
import type { Keys } from '../keys.ts';
import { roleOf } from '../keys.ts';
import { StorageError, storageErrors } from './errors.ts';
import { TooLargeError, type FileStore, type TempFile } from './files.ts';
import {
  GLOBAL_FILE_SIZE_LIMIT,
  type BucketRow,
  type Caller,
  type ObjectRow,
  type StorageService,
} from './service.ts';

export const STORAGE_PREFIX = '/storage/v1';

/** Storage's key rule (S3-safe characters) plus what a file system path must never hold. */
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const MAX_KEY_BYTES = 1024;
/** Room for the multipart framing around a file at the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;
const JSON_BODY_LIMIT = 1024 * 1024;

export function checkKey(name: string): string {
  const segments = name.split('/');
  if (
    name === '' ||
    Buffer.byteLength(name) > MAX_KEY_BYTES ||
    !KEY_CHARS.test(name) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw storageErrors.invalidKey(name);
  }
  return name;
}

function checkBucketName(id: string): string {
  if (id === '' || id.length > 100 || !BUCKET_CHARS.test(id) || id === '.' || id === '..') {
    throw storageErrors.invalidBucketName();
  }
  return id;
}

/** The decoded parts of a path after its route; bad percent-encoding is an invalid key. */
function decodeRest(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw storageErrors.invalidKey(raw);
  }
}

function splitBucketAndKey(rest: string): { bucketId: string; name: string } {
  const slash = rest.indexOf('/');
  if (slash < 0) throw storageErrors.invalidKey(rest);
  return {
    bucketId: checkBucketName(decodeRest(rest.slice(0, slash))),
    name: checkKey(decodeRest(rest.slice(slash + 1))),
  };
}

function badBody(error: z.ZodError): StorageError {
  const issue = error.issues[0];
  const where = issue?.path.length ? `body/${issue.path.join('/')}` : 'body';
  return storageErrors.badRequest(`${where} ${issue?.message ?? 'is invalid'}`);
}

async function jsonBody<T>(req: http.IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  let text: string;
  try {
    text = await readBody(req, JSON_BODY_LIMIT);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw storageErrors.entityTooLarge();
    throw e;
  }
  const parsed = parseJson(text === '' ? '{}' : text);
  if (!parsed.ok) throw storageErrors.badRequest('Body is not valid JSON');
  const r = schema.safeParse(parsed.value);
  if (!r.success) throw badBody(r.error);
  return r.data;
}

const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });
const sortColumns = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
const listBody = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({
      column: z.enum(sortColumns).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().default(''),
});
const expiresIn = z
  .number()
  .int()
  .min(1)
  .max(10 * 365 * 24 * 3600);
const signBody = z.object({ expiresIn });
const signManyBody = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) });
const sizeLimit = z.union([
  z.number().int().min(0),
  z
    .string()
    .regex(
      /^[0-9]+\s*(B|KB|MB|GB)?$/i,
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    )
    .transform((s) => {
      const m = /^([0-9]+)\s*(B|KB|MB|GB)?$/i.exec(s);
      const unit = (m?.[2] ?? 'B').toUpperCase();
      const factor =
        unit === 'GB' ? 1024 ** 3 : unit === 'MB' ? 1024 ** 2 : unit === 'KB' ? 1024 : 1;
      return Number(m?.[1] ?? '0') * factor;
    }),
]);
const createBucketBody = z.object({
  id: z.string().optional(),
  name: z.string(),
  public: z.boolean().default(false),
  file_size_limit: sizeLimit.nullable().optional(),
  allowed_mime_types: z.array(z.string().min(1).max(255)).max(100).nullable().optional(),
});

/** A bucket's allowed_mime_types as Storage matches them: exact, or `type/*`. */
export function mimeTypeAllowed(mimeType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, sub] = mimeType.split('/');
  if (!type || sub === undefined) return false;
  return allowed.some((a) => {
    const [aType, aSub] = a.split('/');
    return aType === type && (aSub === '*' || aSub === sub);
  });
}

function objectJson(row: ObjectRow): Record<string, unknown> {
  return {
    name: row.name,
    id: row.id,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.last_accessed_at,
    metadata: row.metadata,
  };
}

/**
 * One level of a listing, as storage.search answers it: the objects directly under the
 * prefix, and each deeper path as a folder (id and dates null).
 */
export function listLevel(
  rows: ObjectRow[],
  prefix: string,
  o: z.infer<typeof listBody>,
): Record<string, unknown>[] {
  const folders = new Map<string, Record<string, unknown>>();
  const files: Record<string, unknown>[] = [];
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const entry = slash < 0 ? rest : rest.slice(0, slash);
    if (o.search && !entry.toLowerCase().startsWith(o.search.toLowerCase())) continue;
    if (slash < 0) files.push({ ...objectJson(row), name: entry });
    else if (!folders.has(entry)) {
      folders.set(entry, {
        name: entry,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      });
    }
  }
  const column = o.sortBy.column;
  const sign = o.sortBy.order === 'desc' ? -1 : 1;
  const key = (e: Record<string, unknown>): string => {
    const v = e[column];
    return typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : '';
  };
  const all = [...folders.values(), ...files].sort(
    (a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0),
  );
  return all.slice(o.offset, o.offset + o.limit);
}

function bucketJson(b: BucketRow): Record<string, unknown> {
  return { ...b };
}

export interface StorageHandlerOptions {
  keys: Keys;
  service: StorageService;
  files: FileStore;
}

type Route = (req: http.IncomingMessage, res: http.ServerResponse, rest: string) => Promise<void>;

export function createStorageHandler(opts: StorageHandlerOptions) {
  const { keys, service, files } = opts;

  async function callerOf(req: http.IncomingMessage, url: URL): Promise<Caller> {
    const token =
      bearerToken(req) ?? header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!token) throw new GatewayRefusal();
    const v = await keys.verify(token);
    if (!v.ok) throw storageErrors.invalidJwt(v.message);
    const role = roleOf(v.claims);
    if (!role) throw storageErrors.invalidJwt('JWT role is not allowed');
    return { role, claims: { ...v.claims } };
  }

  function serveFile(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    row: ObjectRow,
    download: string | null,
  ): void {
    const meta = row.metadata ?? {};
    const version = row.version;
    if (!version || !files.exists(version)) throw storageErrors.noSuchKey();
    const headers: Record<string, string> = {
      'Content-Type':
        typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
      'Cache-Control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
      'Content-Length': String(typeof meta.size === 'number' ? meta.size : 0),
      ETag: typeof meta.eTag === 'string' ? meta.eTag : '""',
      'Last-Modified': new Date(String(row.updated_at)).toUTCString(),
    };
    if (download !== null) {
      const fileName = download || (row.name.split('/').pop() ?? 'download');
      headers['Content-Disposition'] =
        `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
    }
    res.writeHead(200, headers);
    if ((req.method ?? 'GET').toUpperCase() === 'HEAD') {
      res.end();
      return;
    }
    const stream = files.open(version);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  async function receiveUpload(
    req: http.IncomingMessage,
    limit: number,
  ): Promise<{ temp: TempFile; mimeType: string; cacheControl: string }> {
    const contentType = header(req, 'content-type') ?? '';
    const declared = Number(header(req, 'content-length') ?? 'NaN');
    if (contentType.toLowerCase().startsWith('multipart/form-data')) {
      if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) {
        throw storageErrors.entityTooLarge();
      }
      let raw: Buffer;
      try {
        raw = await readBodyBytes(req, limit + MULTIPART_OVERHEAD);
      } catch (e) {
        if (e instanceof BodyTooLargeError) throw storageErrors.entityTooLarge();
        throw e;
      }
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(raw), {
          headers: { 'content-type': contentType },
        }).formData();
      } catch {
        throw storageErrors.badRequest('The multipart body could not be read');
      }
      let file: Blob | null = null;
      let cacheControl = 'no-cache';
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') {
          if (field === 'cacheControl' && /^[0-9]{1,10}$/.test(value)) {
            cacheControl = `max-age=${value}`;
          }
        } else if (!file) file = value;
      }
      if (!file) throw storageErrors.noContent();
      if (file.size > limit) throw storageErrors.entityTooLarge();
      const temp = await files.receiveBuffer(new Uint8Array(await file.arrayBuffer()));
      return { temp, mimeType: file.type || 'application/octet-stream', cacheControl };
    }
    if (Number.isFinite(declared) && declared > limit) throw storageErrors.entityTooLarge();
    try {
      const temp = await files.receive(req, limit);
      const cc = header(req, 'cache-control');
      return {
        temp,
        mimeType: contentType || 'application/octet-stream',
        cacheControl: cc && cc.length <= 200 ? cc : 'no-cache',
      };
    } catch (e) {
      if (e instanceof TooLargeError) throw storageErrors.entityTooLarge();
      throw e;
    }
  }

  const upload =
    (mode: 'post' | 'put'): Route =>
    async (req, res, rest) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const caller = await callerOf(req, url);
      const { bucketId, name } = splitBucketAndKey(rest);
      const bucket = await service.bucketLimits(bucketId);
      const limit = Math.min(GLOBAL_FILE_SIZE_LIMIT, bucket.file_size_limit ?? Infinity);
      // PUT replaces (supabase-js update()); POST replaces only with x-upsert: true.
      const upsert = mode === 'put' || header(req, 'x-upsert') === 'true';
      const declaredType = (header(req, 'content-type') ?? '').toLowerCase();
      if (!declaredType.startsWith('multipart/form-data') && declaredType !== '') {
        if (!mimeTypeAllowed(declaredType, bucket.allowed_mime_types)) {
          throw storageErrors.invalidMimeType(declaredType);
        }
      }
      await service.recordUpload(caller, {
        bucketId,
        name,
        upsert,
        mimeType: declaredType || 'application/octet-stream',
        cacheControl: 'no-cache',
        temp: null,
      });
      const received = await receiveUpload(req, limit);
      try {
        if (!mimeTypeAllowed(received.mimeType, bucket.allowed_mime_types)) {
          throw storageErrors.invalidMimeType(received.mimeType);
        }
        const done = await service.recordUpload(caller, {
          bucketId,
          name,
          upsert,
          mimeType: received.mimeType,
          cacheControl: received.cacheControl,
          temp: received.temp,
        });
        await service.dropVersion(done.replacedVersion);
        sendJson(res, 200, { Id: done.id, Key: `${bucketId}/${name}` });
      } finally {
        await files.discard(received.temp);
      }
    };

  const download: Route = async (req, res, rest) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const caller = await callerOf(req, url);
    const { bucketId, name } = splitBucketAndKey(rest);
    const row = await service.findObject(caller, bucketId, name);
    serveFile(req, res, row, url.searchParams.get('download'));
  };

  const remove: Route = async (req, res, rest) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const caller = await callerOf(req, url);
    if (rest.includes('/')) {
      const { bucketId, name } = splitBucketAndKey(rest);
      const removed = await service.remove(caller, bucketId, [name]);
      if (removed.length === 0) throw storageErrors.noSuchKey();
      return sendJson(res, 200, { message: 'Successfully deleted' });
    }
    const bucketId = checkBucketName(decodeRest(rest));
    const body = await jsonBody(req, removeBody);
    const names = body.prefixes.map((p) => checkKey(p));
    const removed = await service.remove(caller, bucketId, names);
    sendJson(
      res,
      200,
      removed.map((r) => ({ ...r, bucket_id: bucketId })),
    );
  };

  const list: Route = async (req, res, rest) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const caller = await callerOf(req, url);
    const bucketId = checkBucketName(decodeRest(rest));
    const body = await jsonBody(req, listBody);
    // As Storage: a prefix names a folder.
    const prefix =
      body.prefix === '' || body.prefix.endsWith('/') ? body.prefix : `${body.prefix}/`;
    if (prefix.includes('\u0000')) throw storageErrors.invalidKey(prefix);
    const rows = await service.listUnder(caller, bucketId, prefix);
    sendJson(res, 200, listLevel(rows, prefix, body));
  };

  async function signedUrlFor(bucketId: string, name: string, seconds: number): Promise<string> {
    const token = await keys.sign({ url: `${bucketId}/${name}` }, seconds);
    return `/object/sign/${bucketId}/${name}?token=${token}`;
  }

  const sign: Route = async (req, res, rest) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const caller = await callerOf(req, url);
    if (!rest.includes('/')) {
      const bucketId = checkBucketName(decodeRest(rest));
      const body = await jsonBody(req, signManyBody);
      const out: Record<string, unknown>[] = [];
      for (const path of body.paths) {
        try {
          const row = await service.findObject(caller, bucketId, checkKey(path));
          out.push({
            error: null,
            path,
            signedURL: await signedUrlFor(bucketId, row.name, body.expiresIn),
          });
        } catch (e) {
          if (!(e instanceof StorageError)) throw e;
          out.push({
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          });
        }
      }
      return sendJson(res, 200, out);
    }
    const { bucketId, name } = splitBucketAndKey(rest);
    const body = await jsonBody(req, signBody);
    const row = await service.findObject(caller, bucketId, name);
    sendJson(res, 200, { signedURL: await signedUrlFor(bucketId, row.name, body.expiresIn) });
  };

  const getSigned: Route = async (req, res, rest) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { bucketId, name } = splitBucketAndKey(rest);
    const token = url.searchParams.get('token');
    if (!token) throw storageErrors.badRequest("querystring must have required property 'token'");
    const v = await keys.verify(token);
    if (!v.ok) throw storageErrors.invalidJwt(v.message);
    if (v.claims.url !== `${bucketId}/${name}`) throw storageErrors.invalidSignature();
    const row = await service.findObjectAsService(bucketId, name);
    serveFile(req, res, row, url.searchParams.get('download'));
  };

  const buckets: Route = async (req, res, rest) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const caller = await callerOf(req, url);
    const method = (req.method ?? 'GET').toUpperCase();
    if (rest === '' && method === 'GET') {
      return sendJson(res, 200, (await service.listBuckets(caller)).map(bucketJson));
    }
    if (rest === '' && method === 'POST') {
      const body = await jsonBody(req, createBucketBody);
      const id = checkBucketName(body.id ?? body.name);
      await service.createBucket(caller, {
        id,
        name: checkBucketName(body.name),
        public: body.public,
        fileSizeLimit: body.file_size_limit ?? null,
        allowedMimeTypes: body.allowed_mime_types ?? null,
      });
      return sendJson(res, 200, { name: id });
    }
    if (rest !== '' && !rest.includes('/') && method === 'GET') {
      return sendJson(
        res,
        200,
        bucketJson(await service.getBucket(caller, checkBucketName(decodeRest(rest)))),
      );
    }
    throw storageErrors.notImplemented(`${method} /bucket${rest ? `/${rest}` : ''}`);
  };

  /** [method, path prefix after /storage/v1, route]; the first match wins. */
  const routes: [string[], string, Route][] = [
    [['GET', 'HEAD'], '/object/sign/', getSigned],
    [['POST'], '/object/sign/', sign],
    [['POST'], '/object/list/', list],
    [['GET', 'HEAD'], '/object/authenticated/', download],
    [['GET', 'HEAD'], '/object/public/', notImplemented('Public buckets')],
    [['POST', 'PUT'], '/object/upload/sign/', notImplemented('Signed upload URLs')],
    [['POST'], '/object/move', notImplemented('Moving objects')],
    [['POST'], '/object/copy', notImplemented('Copying objects')],
    [['GET'], '/object/info/', notImplemented('Object info')],
    [['POST'], '/object/list-v2/', notImplemented('list-v2')],
    [['POST'], '/object/', upload('post')],
    [['PUT'], '/object/', upload('put')],
    [['GET', 'HEAD'], '/object/', download],
    [['DELETE'], '/object/', remove],
    [['GET', 'POST', 'PUT', 'DELETE'], '/bucket', buckets],
    [['GET', 'POST', 'PUT', 'DELETE'], '/render/', notImplemented('Image transformations')],
    [['GET', 'POST', 'PUT', 'DELETE'], '/upload/resumable', notImplemented('Resumable uploads')],
  ];

  function notImplemented(what: string): Route {
    return async () => {
      throw storageErrors.notImplemented(what);
    };
  }

  return async function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
  ): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    // The path as sent: URL parsing would resolve `..` and `%2e%2e` into another path before
    // the key checks could refuse them.
    const sent = (req.url ?? '').split('?')[0] ?? '';
    const p = sent.slice(STORAGE_PREFIX.length);
    try {
      if (!sent.startsWith(`${STORAGE_PREFIX}/`)) throw storageErrors.invalidKey(sent);
      // The URL parser percent-encodes a raw NUL, so this catches both spellings.
      if (p.includes('%00')) throw storageErrors.invalidKey(p);
      for (const [methods, prefix, route] of routes) {
        if (!methods.includes(method)) continue;
        if (
          prefix === '/bucket' ? p === '/bucket' || p.startsWith('/bucket/') : p.startsWith(prefix)
        ) {
          const rest =
            prefix === '/bucket'
              ? p.slice('/bucket'.length).replace(/^\//, '')
              : p.slice(prefix.length);
          return await route(req, res, rest);
        }
      }
      throw storageErrors.routeNotFound(method, url.pathname);
    } catch (e) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (e instanceof GatewayRefusal) {
        return sendJson(res, 401, {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        });
      }
      const err =
        e instanceof StorageError
          ? e
          : storageErrors.internal(e instanceof Error ? e.message : undefined);
      // A refused upload leaves the rest of its body unread: end the connection after answering.
      if (!req.readableEnded) res.setHeader('Connection', 'close');
      sendJson(res, err.httpStatus, err.body());
      if (!req.readableEnded) res.on('finish', () => req.destroy());
    }
  };
}

class GatewayRefusal extends Error {}
