import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { storageErrors } from './errors.ts';

/**
 * Where object bytes live: one file per object version, named by the version (a uuid this
 * server makes), never by the object's name, so no name can reach outside the directory.
 * An upload is written to a temp file first and moved into place only in the transaction
 * that records it; nothing half-written is ever served.
 */
export interface FileStore {
  /** Streams a body into a temp file, refusing it past `limit` bytes (413). */
  receive(body: Readable, limit: number): Promise<TempFile>;
  /** Writes bytes already in memory (a multipart part) into a temp file. */
  receiveBuffer(bytes: Uint8Array): Promise<TempFile>;
  /** Moves a temp file to the version's place. */
  place(temp: TempFile, version: string): Promise<void>;
  open(version: string): fs.ReadStream;
  exists(version: string): boolean;
  remove(version: string): Promise<void>;
  discard(temp: TempFile): Promise<void>;
}

export interface TempFile {
  path: string;
  size: number;
  /** Quoted hex MD5, as Storage's metadata.eTag. */
  eTag: string;
}

export class TooLargeError extends Error {}

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createFileStore(root: string): FileStore {
  const objects = path.join(root, 'objects');
  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(objects, { recursive: true, mode: 0o700 });
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  const fileOf = (version: string): string => {
    if (!VERSION.test(version)) throw storageErrors.internal('bad object version');
    return path.join(objects, version);
  };
  const tempPath = (): string => path.join(tmp, crypto.randomUUID());

  return {
    receive(body, limit) {
      const file = tempPath();
      const out = fs.createWriteStream(file, { mode: 0o600 });
      const hash = crypto.createHash('md5');
      let size = 0;
      return new Promise<TempFile>((resolve, reject) => {
        let done = false;
        const fail = (e: Error): void => {
          if (done) return;
          done = true;
          body.unpipe(out);
          out.destroy();
          fs.rm(file, { force: true }, () => reject(e));
        };
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            fail(new TooLargeError());
            return;
          }
          hash.update(chunk);
        });
        body.on('error', fail);
        body.on('aborted', () => fail(new Error('request aborted')));
        out.on('error', fail);
        out.on('finish', () => {
          if (done) return;
          done = true;
          resolve({ path: file, size, eTag: `"${hash.digest('hex')}"` });
        });
        body.pipe(out);
      });
    },
    async receiveBuffer(bytes) {
      const file = tempPath();
      await fsp.writeFile(file, bytes, { mode: 0o600 });
      const eTag = `"${crypto.createHash('md5').update(bytes).digest('hex')}"`;
      return { path: file, size: bytes.byteLength, eTag };
    },
    async place(temp, version) {
      await fsp.rename(temp.path, fileOf(version));
    },
    open(version) {
      return fs.createReadStream(fileOf(version));
    },
    exists(version) {
      return fs.existsSync(fileOf(version));
    },
    async remove(version) {
      await fsp.rm(fileOf(version), { force: true });
    },
    async discard(temp) {
      await fsp.rm(temp.path, { force: true });
    },
  };
}
