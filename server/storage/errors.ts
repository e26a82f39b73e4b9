import { isPgError } from '../db.ts';

/**
 * Supabase Storage's error answer: `{statusCode, code, error, message}`, where statusCode is
 * the error's own status as a string and the HTTP status is 400 for every error but a 500
 * (storage's `userStatusCode`), so "Object not found" arrives as HTTP 400 with statusCode
 * "404". supabase-js reads both: `error.status` (HTTP) and `error.statusCode` (body).
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Storage's older, "backwards compatible" error name; the code when absent. */
    readonly legacyError?: string,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.status >= 500 ? this.status : 400;
  }

  body(): Record<string, string> {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: this.legacyError ?? this.code,
      message: this.message,
    };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError(400, 'InvalidSignature', message),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  entityTooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `mime type ${mimeType} is not supported`,
      'invalid_mime_type',
    ),
  /** Fastify's schema validation answer, which Storage gives for a malformed body or query. */
  badRequest: (message: string) => new StorageError(400, 'InvalidRequest', message, 'Bad Request'),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  notImplemented: (what: string) =>
    new StorageError(
      501,
      'NotSupported',
      `${what} is not implemented by the local server; use hosted Supabase Storage for it`,
    ),
  routeNotFound: (method: string, path: string) =>
    new StorageError(404, 'NotFound', `Route ${method}:${path} not found`, 'Not Found'),
  databaseTimeout: () =>
    new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out'),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};

/** As Storage's DBError mapping: RLS refusals, duplicates and timeouts by SQLSTATE. */
export function fromDbError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  if (isPgError(e)) {
    if (e.code === '42501') return storageErrors.accessDenied();
    if (e.code === '23505') return storageErrors.keyAlreadyExists();
    if (e.code === '57014') return storageErrors.databaseTimeout();
    return storageErrors.internal(e.message);
  }
  return storageErrors.internal(e instanceof Error ? e.message : 'Internal server error');
}
