import { useCallback, useState } from 'react';
import {
  chooseStoredCopy,
  defaultDocumentName,
  planAttachments,
  type PlannedFile,
} from '@/domain/documents';
import type { DocumentMimeType } from '@/domain/schemas';
import { DocumentLimitError, type TrackerRepo } from '@/sync';

export interface AttachReport {
  saved: number;
  refused: string[];
}

async function storedCopy(
  planned: PlannedFile<File>,
  label: string,
): Promise<{ ok: true; blob: Blob; mime: DocumentMimeType } | { ok: false; reason: string }> {
  const original = new Blob([planned.file], { type: planned.mime });
  if (!planned.compress) return { ok: true, blob: original, mime: planned.mime };
  // Loaded on first use only: the compressor is never part of a page's initial load.
  const { compressPhoto, compressedType } = await import('./compress');
  let compressed: Blob | null = null;
  try {
    const out = await compressPhoto(planned.file, planned.file.name, planned.mime);
    compressed = new Blob([out], { type: compressedType(planned.mime) });
  } catch {
    compressed = null;
  }
  const choice = chooseStoredCopy(label, original, compressed);
  if (!choice.ok) return choice;
  const mime = choice.blob === compressed ? compressedType(planned.mime) : planned.mime;
  return { ok: true, blob: choice.blob, mime };
}

/**
 * Attaching: sort the chosen files (type, size, 20 per policy), make large photos smaller,
 * and store each at once with its row. Every refusal comes back as a sentence; a file that
 * was accepted is either stored or named in a refusal, never dropped silently.
 */
export function useAttachDocuments(repo: TrackerRepo, policyId: string, liveCount: number) {
  const [busy, setBusy] = useState(false);
  const attach = useCallback(
    async (files: readonly File[], fromCamera: boolean): Promise<AttachReport> => {
      setBusy(true);
      try {
        const plan = planAttachments(files, liveCount);
        const report: AttachReport = { saved: 0, refused: plan.refused.map((r) => r.reason) };
        for (const planned of plan.accepted) {
          const label = planned.file.name.trim() === '' ? 'This photo' : planned.file.name;
          const copy = await storedCopy(planned, label);
          if (!copy.ok) {
            report.refused.push(copy.reason);
            continue;
          }
          try {
            await repo.addDocument(
              {
                policy_id: policyId,
                name: defaultDocumentName(planned.file.name, fromCamera, new Date()),
                mime_type: copy.mime,
              },
              copy.blob,
            );
            report.saved += 1;
          } catch (error) {
            report.refused.push(
              error instanceof DocumentLimitError
                ? `${label} was not attached: a policy can have at most 20 documents.`
                : `${label} could not be saved on this device: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
        return report;
      } finally {
        setBusy(false);
      }
    },
    [repo, policyId, liveCount],
  );
  return { attach, busy };
}
