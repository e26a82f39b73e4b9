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
