import { useCallback, useState } from 'react';
import { defaultDocumentName, planAttachments } from '@/domain/documents';
import { i18n } from '@/lib/i18n';
import { sayError, sayMessage } from '@/lib/say-message';
import { photoName } from './photo-name';
import { DocumentLimitError, type TrackerRepo } from '@/sync';

export interface AttachReport {
  saved: number;
  refused: string[];
}

/**
 * Attaching: sort the chosen files (type, size, 20 per policy) and store each at once with
 * its row, as chosen: a large photo is made smaller afterwards by the upload queue, so it is
 * on the device (and viewable offline) without waiting for the compressor. Every refusal
 * comes back as a sentence; a file that was accepted is either stored or named in a refusal,
 * never dropped silently.
 */
export function useAttachDocuments(repo: TrackerRepo, policyId: string, liveCount: number) {
  const [busy, setBusy] = useState(false);
  const attach = useCallback(
    async (files: readonly File[], fromCamera: boolean): Promise<AttachReport> => {
      setBusy(true);
      try {
        const plan = planAttachments(files, liveCount);
        const say = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
        const report: AttachReport = {
          saved: 0,
          refused: plan.refused.map((r) => sayMessage(say, r.reason)),
        };
        for (const planned of plan.accepted) {
          const label =
            planned.file.name.trim() === '' ? i18n._('documents.thisPhoto') : planned.file.name;
          try {
            await repo.addDocument(
              {
                policy_id: policyId,
                name: defaultDocumentName(planned.file.name, fromCamera, () =>
                  photoName(new Date()),
                ),
                mime_type: planned.mime,
              },
              // The browser's File, with the type the row says (often empty for HEIC).
              new Blob([planned.file], { type: planned.mime }),
            );
            report.saved += 1;
          } catch (error) {
            report.refused.push(
              error instanceof DocumentLimitError
                ? i18n._('documents.tooMany', { label })
                : i18n._('documents.notSaved', {
                    label,
                    reason: sayError(say, error),
                  }),
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
