import { describe, expect, it } from 'vitest';
import { said } from '../../../tests/helpers/catalogs';
import {
  afterCompression,
  afterUploadFailure,
  afterUploadSuccess,
  chooseStoredCopy,
  classifyUploadFailure,
  compressionStarted,
  defaultDocumentName,
  documentFileView,
  documentMimeType,
  formatBytes,
  isCompressionDue,
  isUploadDue,
  MAX_COMPRESS_ATTEMPTS,
  mayCompress,
  msUntilNextRetry,
  planAttachments,
  readUploadError,
  retriedUpload,
  type UploadState,
} from '.';
import { messageRef } from '../message';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('documentMimeType', () => {
  it('takes the browser’s type when it is one the bucket allows', () => {
    expect(documentMimeType(file('a.pdf', 'application/pdf', 1))).toBe('application/pdf');
    expect(documentMimeType(file('a', 'image/jpg', 1))).toBe('image/jpeg');
  });
  it('falls back to the extension when the browser does not know the type (HEIC on Chrome)', () => {
    expect(documentMimeType(file('IMG_1.HEIC', '', 1))).toBe('image/heic');
    expect(documentMimeType(file('scan.pdf', 'application/octet-stream', 1))).toBe(
      'application/pdf',
    );
  });
  it('refuses other types, whatever the extension says', () => {
    expect(documentMimeType(file('a.docx', 'application/msword', 1))).toBeNull();
    expect(documentMimeType(file('a.pdf', 'text/plain', 1))).toBeNull();
    expect(documentMimeType(file('notes', '', 1))).toBeNull();
  });
});

describe('planAttachments', () => {
  it('keeps PDFs and small images as they are and compresses large images', () => {
    const plan = planAttachments(
      [
        file('card.pdf', 'application/pdf', 9 * MB),
        file('small.jpg', 'image/jpeg', MB),
        file('big.jpg', 'image/jpeg', 5 * MB),
        file('huge.png', 'image/png', 25 * MB),
      ],
      0,
    );
    expect(plan.refused).toEqual([]);
    expect(plan.accepted.map((p) => [p.file.name, p.mime, p.compress])).toEqual([
      ['card.pdf', 'application/pdf', false],
      ['small.jpg', 'image/jpeg', false],
      ['big.jpg', 'image/jpeg', true],
      ['huge.png', 'image/png', true],
    ]);
  });

  it('refuses with a sentence naming the file: type, empty, too large', () => {
    const plan = planAttachments(
      [
        file('notes.docx', 'application/msword', 10),
        file('empty.pdf', 'application/pdf', 0),
        file('long.pdf', 'application/pdf', 11 * MB),
        file('giant.jpg', 'image/jpeg', 41 * MB),
      ],
      0,
    );
    expect(plan.accepted).toEqual([]);
    expect(plan.refused.map((r) => said(r.reason))).toEqual([
      'notes.docx cannot be attached. Attach a photo, an image (JPEG, PNG, WebP, HEIC) or a PDF.',
      'empty.pdf is empty.',
      'long.pdf is 11 MB; a document can be at most 10 MB.',
      'giant.jpg is 41 MB; a photo can be at most 40 MB.',
    ]);
    expect(plan.refused.map((r) => said(r.reason, 'hi'))).toEqual([
      'notes.docx नहीं जोड़ी जा सकती। फ़ोटो, इमेज (JPEG, PNG, WebP, HEIC) या PDF जोड़ें।',
      'empty.pdf खाली है।',
      'long.pdf 11 MB की है; दस्तावेज़ ज़्यादा से ज़्यादा 10 MB का हो सकता है।',
      'giant.jpg 41 MB की है; फ़ोटो ज़्यादा से ज़्यादा 40 MB की हो सकती है।',
    ]);
  });

  it('calls a file without a name "this file", in the user’s language', () => {
    const [refused] = planAttachments([file('', 'application/pdf', 0)], 0).refused;
    expect(refused && said(refused.reason)).toBe('This file is empty.');
    expect(refused && said(refused.reason, 'hi')).toBe('यह फ़ाइल खाली है।');
  });

  it('stops at 20 per policy, keeping the files chosen first', () => {
    const chosen = [1, 2, 3].map((n) => file(`p${n}.pdf`, 'application/pdf', 100));
    const plan = planAttachments(chosen, 18);
    expect(plan.accepted.map((p) => p.file.name)).toEqual(['p1.pdf', 'p2.pdf']);
    expect(plan.refused.map((r) => [r.file, said(r.reason)])).toEqual([
      [chosen[2], 'p3.pdf was not attached: a policy can have at most 20 documents.'],
    ]);
    expect(planAttachments(chosen.slice(0, 1), 20).accepted).toEqual([]);
  });
});

describe('chooseStoredCopy', () => {
  it('keeps the compressed copy when smaller, else the original', () => {
    expect(chooseStoredCopy({ size: 5 * MB }, { size: MB })).toEqual({
      ok: true,
      blob: { size: MB },
    });
    expect(chooseStoredCopy({ size: 2 * MB }, { size: 3 * MB })).toEqual({
      ok: true,
      blob: { size: 2 * MB },
    });
  });
  it('keeps an original the device could not compress when it fits, says why not otherwise', () => {
    expect(chooseStoredCopy({ size: 3 * MB }, null)).toEqual({
      ok: true,
      blob: { size: 3 * MB },
    });
    const reason = (choice: ReturnType<typeof chooseStoredCopy>) =>
      choice.ok ? null : said(choice.reason);
    expect(reason(chooseStoredCopy({ size: 12 * MB }, null))).toBe(
      'This photo could not be made smaller on this device, and a document can be at most 10 MB. It is kept on this device only.',
    );
    expect(reason(chooseStoredCopy({ size: 30 * MB }, { size: 11 * MB }))).toBe(
      'This photo could not be made smaller than 10 MB on this device. It is kept on this device only.',
    );
  });
});

describe('the stored reasons a file stays on the device', () => {
  it('are catalog sentences the screen says in Hindi too', () => {
    const reasons = [
      chooseStoredCopy({ size: 12 * MB }, null),
      chooseStoredCopy({ size: 30 * MB }, { size: 11 * MB }),
    ].map((choice) => (choice.ok ? { id: '' } : choice.reason));
    for (const reason of reasons) {
      expect(said(reason, 'hi')).toMatch(/^यह फ़ोटो इस डिवाइस पर .*10 MB/);
    }
  });

  it('are read back from what any version stored: a message, or an older version’s English', () => {
    const saidStored = (stored: unknown, locale: 'en' | 'hi') => {
      const read = readUploadError(stored);
      return typeof read === 'object' ? said(read, locale) : read;
    };
    const notTaken = { id: 'documents.upload.notTaken', values: { detail: 'Try later' } };
    expect(saidStored(notTaken, 'hi')).toBe('सर्वर ने फ़ाइल नहीं ली (Try later)।');
    expect(saidStored('The server did not take the file (Try later).', 'hi')).toBe(
      'सर्वर ने फ़ाइल नहीं ली (Try later)।',
    );
    expect(saidStored('The server did not take the file (Try later).', 'en')).toBe(
      'The server did not take the file (Try later).',
    );
    expect(saidStored('Could not reach the server.', 'hi')).toBe('सर्वर तक नहीं पहुँच सके।');
    expect(
      saidStored(
        'This photo could not be made smaller than 10 MB on this device. It is kept on this device only.',
        'hi',
      ),
    ).toBe('यह फ़ोटो इस डिवाइस पर 10 MB से छोटी नहीं हो सकी। यह सिर्फ़ इसी डिवाइस पर रखी है।');
    // Words no version of the device wrote stay as they are; nothing readable is nothing.
    expect(saidStored('Gateway timeout', 'hi')).toBe('Gateway timeout');
    expect(readUploadError({ reason: 1 })).toBeUndefined();
    expect(readUploadError(undefined)).toBeUndefined();
  });
});

describe('names and sizes', () => {
  it('names a camera photo (or a nameless file) as a photo, a chosen file by its name', () => {
    const photo = () => 'Photo 24 Nov 2025, 10:32 am';
    expect(defaultDocumentName('1732424520.jpg', true, photo)).toBe('Photo 24 Nov 2025, 10:32 am');
    expect(defaultDocumentName('  ', false, photo)).toBe('Photo 24 Nov 2025, 10:32 am');
    expect(defaultDocumentName('  E-card.pdf ', false, photo)).toBe('E-card.pdf');
    expect(defaultDocumentName('x'.repeat(250), false, photo)).toHaveLength(200);
  });
  it('formats sizes as file managers do', () => {
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(1.44 * MB)).toBe('1.4 MB');
    expect(formatBytes(12 * MB)).toBe('12 MB');
  });
});

describe('the upload queue’s decisions', () => {
  const now = new Date('2025-11-24T10:00:00Z');
  const pending: UploadState = { upload: 'pending', attempts: 0, retry_at: null };
  const unavailable = messageRef('documents.upload.notTaken', { detail: 'Service unavailable' });
  const unreachable = messageRef('documents.upload.unreachable');
  const tooLarge = messageRef('documents.upload.tooLarge');
  const keptTooLarge = messageRef('documents.kept.tooLarge');

  it('classifies failures: offline, may pass, never passes', () => {
    expect(classifyUploadFailure({ network: true, online: false })).toBe('offline');
    expect(classifyUploadFailure({ network: true, online: true })).toBe('transient');
    expect(classifyUploadFailure({ network: false, online: true, statusCode: '503' })).toBe(
      'transient',
    );
    expect(classifyUploadFailure({ network: false, online: true, statusCode: '403' })).toBe(
      'transient',
    );
    for (const code of ['413', '415', '400']) {
      expect(classifyUploadFailure({ network: false, online: true, statusCode: code })).toBe(
        'permanent',
      );
    }
  });

  it('backs off after failures that may pass, doubling up to ten minutes', () => {
    const first = afterUploadFailure(pending, 'transient', unavailable, now, () => 1);
    expect(first).toEqual({
      upload: 'pending',
      attempts: 1,
      retry_at: '2025-11-24T10:00:02.000Z',
      last_error: unavailable,
    });
    expect(isUploadDue(first, now)).toBe(false);
    expect(isUploadDue(first, new Date('2025-11-24T10:00:02Z'))).toBe(true);
    const third = afterUploadFailure(
      { ...first, attempts: 2 },
      'transient',
      unavailable,
      now,
      () => 1,
    );
    expect(third.retry_at).toBe('2025-11-24T10:00:08.000Z');
    const many = afterUploadFailure(
      { ...first, attempts: 30 },
      'transient',
      unavailable,
      now,
      () => 1,
    );
    expect(many.retry_at).toBe('2025-11-24T10:10:00.000Z');
  });

  it('waits for the network without counting a failure, and stops on a refusal', () => {
    const counted = { ...pending, attempts: 3 };
    expect(afterUploadFailure(counted, 'offline', unreachable, now, () => 0)).toEqual({
      upload: 'pending',
      attempts: 3,
      retry_at: null,
    });
    const refused = afterUploadFailure(pending, 'permanent', tooLarge, now, () => 0);
    expect(refused).toEqual({
      upload: 'failed',
      attempts: 1,
      retry_at: null,
      last_error: tooLarge,
    });
    expect(isUploadDue(refused, now)).toBe(false);
    expect(retriedUpload(refused)).toEqual(pending);
    expect(isUploadDue(afterUploadSuccess(), now)).toBe(false);
  });

  it('compresses a photo before it is due for upload, a few starts at most', () => {
    const toCompress: UploadState = { upload: 'compress', attempts: 0, retry_at: null };
    expect(isCompressionDue(toCompress)).toBe(true);
    expect(isUploadDue(toCompress, now)).toBe(false);
    expect(msUntilNextRetry([toCompress], now)).toBeNull();

    // Each start is counted first, so starts that never finished (closed, crashed) add up.
    let state = toCompress;
    for (let i = 1; i <= MAX_COMPRESS_ATTEMPTS; i += 1) {
      state = compressionStarted(state);
      expect(state).toEqual({ upload: 'compress', attempts: i, retry_at: null });
      expect(mayCompress(state)).toBe(true);
      expect(isCompressionDue(state)).toBe(true);
    }
    expect(mayCompress(compressionStarted(state))).toBe(false);

    // Compressed (or kept as it was, when that fits): an ordinary upload from here.
    expect(afterCompression(compressionStarted(toCompress), { ok: true })).toEqual(pending);
  });

  it('keeps a photo that cannot fit 10 MB on the device until Retry compresses it again', () => {
    const kept = afterCompression(
      { upload: 'compress', attempts: 1, retry_at: null },
      { ok: false, reason: keptTooLarge },
    );
    expect(kept).toEqual({
      upload: 'compress',
      attempts: 1,
      retry_at: null,
      last_error: keptTooLarge,
    });
    expect(isCompressionDue(kept)).toBe(false);
    expect(isUploadDue(kept, now)).toBe(false);
    expect(retriedUpload(kept)).toEqual({ upload: 'compress', attempts: 0, retry_at: null });
    expect(isCompressionDue(retriedUpload(kept))).toBe(true);
  });

  it('wakes for the soonest retry', () => {
    const later = { ...pending, attempts: 1, retry_at: '2025-11-24T10:00:30Z' };
    const sooner = { ...pending, attempts: 1, retry_at: '2025-11-24T10:00:05Z' };
    expect(msUntilNextRetry([later, sooner, afterUploadSuccess()], now)).toBe(5000);
    expect(msUntilNextRetry([later, pending], now)).toBe(0);
    expect(msUntilNextRetry([afterUploadSuccess()], now)).toBeNull();
  });

  it('tells the screen each state', () => {
    const view = (over: Partial<Parameters<typeof documentFileView>[0]>) =>
      documentFileView({
        stored: pending,
        inFlight: undefined,
        online: true,
        rowOnServer: true,
        ...over,
      });
    expect(view({ online: false })).toEqual({ state: 'queued', waitingFor: 'connection' });
    expect(view({ rowOnServer: false })).toEqual({ state: 'queued', waitingFor: 'sync' });
    expect(view({})).toEqual({ state: 'queued', waitingFor: null });
    expect(view({ inFlight: 'upload' })).toEqual({ state: 'uploading' });
    expect(view({ stored: afterUploadSuccess() })).toEqual({ state: 'uploaded' });
    expect(
      view({ stored: { ...pending, attempts: 1, retry_at: 'T', last_error: 'Server error' } }),
    ).toEqual({ state: 'failed', reason: 'Server error', retryAt: 'T' });
    expect(view({ stored: { upload: 'compress', attempts: 1, retry_at: null } })).toEqual({
      state: 'preparing',
    });
    expect(
      view({
        stored: { upload: 'compress', attempts: 1, retry_at: null, last_error: keptTooLarge },
        online: false,
      }),
    ).toEqual({ state: 'kept', reason: keptTooLarge });
    expect(view({ stored: { upload: 'failed', attempts: 1, retry_at: null } })).toEqual({
      state: 'failed',
      reason: messageRef('documents.upload.refused'),
      retryAt: null,
    });
    expect(view({ stored: undefined })).toEqual({ state: 'remote' });
    expect(view({ stored: undefined, inFlight: 'download' })).toEqual({ state: 'downloading' });
  });
});
