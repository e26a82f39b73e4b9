import { z } from 'zod';
import { idSchema, requiredText, syncColumns } from './common';

/**
 * A document attached to a policy: its row syncs like the other tracker rows; the file is in
 * the private Storage bucket `policy-documents` at `storage_path`
 * (`{user_id}/{policy_id}/{id}`). The limits are the bucket's and the table's
 * (supabase/migrations/20261125090000_policy_documents.sql): keep them equal.
 */
export const POLICY_DOCUMENTS_BUCKET = 'policy-documents';
export const MAX_DOCUMENTS_PER_POLICY = 20;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const documentMimeTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;
export type DocumentMimeType = (typeof documentMimeTypes)[number];
export const documentMimeTypeSchema = z.enum(documentMimeTypes, {
  error: 'Attach a photo, an image or a PDF',
});

export const policyDocumentInputSchema = z.object({
  policy_id: idSchema,
  name: requiredText(200, 'Document name'),
  mime_type: documentMimeTypeSchema,
  size: z
    .number()
    .int()
    .min(1, { error: 'The file is empty' })
    .max(MAX_DOCUMENT_BYTES, { error: 'A document can be at most 10 MB' }),
});
export type PolicyDocumentInput = z.input<typeof policyDocumentInputSchema>;

/**
 * A photo larger than this is refused before decoding: a phone would run out of memory long
 * before it got a 40 MB image under 10 MB, and no camera makes one.
 */
export const MAX_PHOTO_INPUT_BYTES = 40 * 1024 * 1024;

/**
 * A photo the device makes smaller is stored as chosen first; until then its row stays on the
 * device with the original's size (the server only ever sees the compressed one).
 */
export const photoDocumentInputSchema = policyDocumentInputSchema.extend({
  size: z
    .number()
    .int()
    .min(1, { error: 'The file is empty' })
    .max(MAX_PHOTO_INPUT_BYTES, { error: 'A photo can be at most 40 MB' }),
});

export const policyDocumentSchema = policyDocumentInputSchema.extend({
  id: idSchema,
  user_id: idSchema,
  storage_path: z.string(),
  ...syncColumns,
});
export type PolicyDocument = z.output<typeof policyDocumentSchema>;

/** Where a document's file is kept in the bucket (the server derives the same). */
export function documentStoragePath(doc: {
  user_id: string;
  policy_id: string;
  id: string;
}): string {
  return `${doc.user_id}/${doc.policy_id}/${doc.id}`;
}
