import crypto from 'node:crypto';
import type { Db, SqlParam, Tx } from '../db.ts';
import { callerPrologue } from '../db.ts';
import type { ApiRole } from '../keys.ts';
import { fromDbError, storageErrors } from './errors.ts';
import type { FileStore, TempFile } from './files.ts';

/**
 * Storage's operations on the metadata in storage.objects / storage.buckets. Every query a
 * request makes runs in a transaction as the caller's role with their JWT claims (as hosted
 * Storage does), so the RLS policies on those tables decide who may read, write, list, sign
 * and delete: nothing here checks a path against a user in JavaScript.
 */

export interface Caller {
  role: ApiRole;
  claims: Record<string, unknown>;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

/** Hosted's default global upload limit (50 MB); a bucket's own limit may only lower it. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

const OBJECT_COLUMNS = `id::text, bucket_id, name, owner::text, owner_id, version, metadata,
  created_at, updated_at, last_accessed_at`;

const BUCKET_COLUMNS = `id, name, owner::text, public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;

class Rollback extends Error {}

export class StorageService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly statementTimeoutMs: number,
  ) {}

  /** One transaction as the caller; `rollback` undoes it after fn (a permission probe). */
  private async asCaller<T>(
    caller: Caller,
    what: string,
    fn: (tx: Tx) => Promise<T>,
    opts: { rollback?: boolean; readOnly?: boolean } = {},
  ): Promise<T> {
    let result: T | undefined;
    try {
      return await this.db.transaction(
        async (tx) => {
          result = await fn(tx);
          if (opts.rollback) throw new Rollback();
          return result;
        },
        {
          statementTimeoutMs: this.statementTimeoutMs,
          readOnly: opts.readOnly ?? false,
          prologue: callerPrologue({ ...caller, method: 'STORAGE', path: what }),
        },
      );
    } catch (e) {
      if (e instanceof Rollback) return result as T;
      throw fromDbError(e);
    }
  }

  /** The bucket's limits, read as Storage reads them: by the service, not the caller. */
  async bucketLimits(bucketId: string): Promise<BucketRow> {
    const r = await this.db.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
      [bucketId],
    );
    const bucket = r.rows[0];
    if (!bucket) throw storageErrors.noSuchBucket();
    return bucket;
  }

  /**
   * Records an upload as the caller. With `temp` null it only probes: the same statements in
   * a transaction that is rolled back, so a caller RLS refuses is turned away before a byte
   * of the body is stored (Storage's canUpload).
   */
  async recordUpload(
    caller: Caller,
    o: {
      bucketId: string;
      name: string;
      upsert: boolean;
      mimeType: string;
      cacheControl: string;
      temp: TempFile | null;
    },
  ): Promise<{ id: string; replacedVersion: string | null }> {
    const version = crypto.randomUUID();
    const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
    const owner = sub && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
    const metadata = JSON.stringify({
      eTag: o.temp?.eTag ?? '""',
      size: o.temp?.size ?? 0,
      mimetype: o.mimeType,
      cacheControl: o.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: o.temp?.size ?? 0,
      httpStatusCode: 200,
    });
    let placed = false;
    try {
      return await this.asCaller(
        caller,
        `/object/${o.bucketId}/${o.name}`,
        async (tx) => {
          const existing = await tx.query<{ id: string; version: string | null }>(
            `select id::text, version from storage.objects
              where bucket_id = $1 and name = $2 for update`,
            [o.bucketId, o.name],
          );
          const current = existing.rows[0];
          let id: string;
          if (current) {
            if (!o.upsert) throw storageErrors.keyAlreadyExists();
            const updated = await tx.query<{ id: string }>(
              `update storage.objects
                  set metadata = $2::jsonb, version = $3, owner = $4::uuid, owner_id = $5,
                      updated_at = now(), last_accessed_at = now()
                where id = $1::uuid returning id::text`,
              [current.id, metadata, version, owner, sub],
            );
            // The update policy's USING hid the row: Storage answers as for a refused check.
            if (!updated.rows[0]) throw storageErrors.accessDenied();
            id = current.id;
          } else {
            const inserted = await tx.query<{ id: string }>(
              `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
               values ($1, $2, $3::uuid, $4, $5::jsonb, $6) returning id::text`,
              [o.bucketId, o.name, owner, sub, metadata, version],
            );
            id = inserted.rows[0]?.id ?? '';
          }
          if (o.temp) {
            await this.files.place(o.temp, version);
            placed = true;
          }
          return { id, replacedVersion: current?.version ?? null };
        },
        { rollback: o.temp === null },
      );
    } catch (e) {
      if (placed) await this.files.remove(version);
      throw e;
    }
  }

  /** The object as the caller may see it (select policy), or NoSuchKey. */
  async findObject(caller: Caller, bucketId: string, name: string): Promise<ObjectRow> {
    const rows = await this.asCaller(
      caller,
      `/object/${bucketId}/${name}`,
      async (tx) =>
        (
          await tx.query<ObjectRow>(
            `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
            [bucketId, name],
          )
        ).rows,
      { readOnly: true },
    );
    const row = rows[0];
    if (!row) throw storageErrors.noSuchKey();
    return row;
  }

  /** For a signed URL, whose token already is the permission: no RLS. */
  async findObjectAsService(bucketId: string, name: string): Promise<ObjectRow> {
    const r = await this.db.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    const row = r.rows[0];
    if (!row) throw storageErrors.noSuchKey();
    return row;
  }

  /**
   * Deletes what the caller's delete policy lets through (others are silently left, as
   * hosted), then their files once the rows are gone.
   */
  async remove(caller: Caller, bucketId: string, names: string[]): Promise<ObjectRow[]> {
    if (names.length === 0) return [];
    const rows = await this.asCaller(caller, `/object/${bucketId}`, async (tx) => {
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      const r = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning ${OBJECT_COLUMNS}`,
        [bucketId, `{${names.map(arrayLiteralItem).join(',')}}`],
      );
      return r.rows;
    });
    for (const row of rows) if (row.version) await this.files.remove(row.version);
    return rows;
  }

  /** Rows under a prefix that the caller may read; folders are folded in by the caller. */
  async listUnder(caller: Caller, bucketId: string, prefix: string): Promise<ObjectRow[]> {
    return this.asCaller(
      caller,
      `/object/list/${bucketId}`,
      async (tx) =>
        (
          await tx.query<ObjectRow>(
            `select ${OBJECT_COLUMNS} from storage.objects
              where bucket_id = $1 and left(name, length($2)) = $2
              order by name limit 10000`,
            [bucketId, prefix],
          )
        ).rows,
      { readOnly: true },
    );
  }

  async listBuckets(caller: Caller): Promise<BucketRow[]> {
    return this.asCaller(
      caller,
      '/bucket',
      async (tx) =>
        (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`))
          .rows,
      { readOnly: true },
    );
  }

  async getBucket(caller: Caller, id: string): Promise<BucketRow> {
    const rows = await this.asCaller(
      caller,
      `/bucket/${id}`,
      async (tx) =>
        (
          await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [
            id,
          ])
        ).rows,
      { readOnly: true },
    );
    const bucket = rows[0];
    if (!bucket) throw storageErrors.noSuchBucket();
    return bucket;
  }

  async createBucket(
    caller: Caller,
    b: {
      id: string;
      name: string;
      public: boolean;
      fileSizeLimit: number | null;
      allowedMimeTypes: string[] | null;
    },
  ): Promise<void> {
    const params: SqlParam[] = [
      b.id,
      b.name,
      b.public,
      b.fileSizeLimit,
      b.allowedMimeTypes ? `{${b.allowedMimeTypes.map(arrayLiteralItem).join(',')}}` : null,
      typeof caller.claims.sub === 'string' ? caller.claims.sub : null,
    ];
    try {
      await this.asCaller(caller, '/bucket', async (tx) => {
        await tx.query(
          `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner_id)
           values ($1, $2, $3, $4, $5::text[], $6)`,
          params,
        );
      });
    } catch (e) {
      if (e instanceof Error && 'code' in e && e.code === 'KeyAlreadyExists') {
        throw storageErrors.bucketAlreadyExists();
      }
      throw e;
    }
  }

  /** Removes a replaced version's file after its replacement committed. */
  async dropVersion(version: string | null): Promise<void> {
    if (version) await this.files.remove(version);
  }
}

/** One element of a Postgres array literal, always quoted. */
function arrayLiteralItem(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
