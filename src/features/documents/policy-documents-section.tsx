import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { unavailableDialog } from '@/lib/lazy-dialog';
import { retryingLazy } from '@/lib/retrying-lazy';
import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  FileButton,
  Group,
  Menu,
  ActionIcon,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconCamera,
  IconDotsVertical,
  IconFileTypePdf,
  IconPaperclip,
  IconPhoto,
} from '@tabler/icons-react';
import { documentFileView } from '@/domain/documents';
import { formatIndianNumber } from '@/lib/format';
import { sayError, sayMessage } from '@/lib/say-message';
import { useT } from '@/lib/use-i18n';
import { sizeText } from './size-text';
import { MAX_DOCUMENTS_PER_POLICY, policyDocumentInputSchema } from '@/domain/schemas';
import {
  DocumentFileUnavailableError,
  readPolicyDocuments,
  readPolicyAccess,
  readStoredDocumentBytes,
  type PolicyDocumentView,
} from '@/sync';
import { ConfirmDialog, useBrowserOnline, useLiveRead, useTracker } from '@/features/tracker';
import { DeviceStorage } from './device-storage';
import { DocumentStatus } from './document-status';
import { useAttachDocuments, type AttachReport } from './use-attach-documents';
import { FormActions } from '@/components/ui/form-actions';

// Mounted while a photo is open: should its code not load, a toast says so and it closes.
const ImageViewer = retryingLazy(
  () => import('./image-viewer'),
  unavailableDialog(
    (_: { onClose: () => void }) => true,
    {
      close: (props) => props.onClose(),
      titleId: 'tracker.dialogUnavailable',
      descriptionId: 'tracker.menu.tryAgain',
    },
    () => ImageViewer.retry(),
  ),
);

/** What the file inputs take: the schema's types, and extensions for browsers that do not know HEIC. */
const FILE_ACCEPT =
  'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf,.pdf';
/** PDF tabs get this long to read the file before its URL is revoked. */
const PDF_URL_LIFETIME_MS = 60_000;

type Translate = ReturnType<typeof useT>;

interface Viewing {
  url: string;
  name: string;
}

function describeReport(t: Translate, report: AttachReport): string | null {
  if (report.saved === 0) return null;
  return t('documents.savedHere', { count: report.saved, n: formatIndianNumber(report.saved) });
}

/**
 * A policy's documents: attach (camera or file), list with each file's upload state, open
 * (photos in a zoomable viewer, PDFs in a new tab), rename and delete. Works offline; the
 * policy page renders it.
 */
export function PolicyDocumentsSection({ policyId }: { policyId: string }) {
  const t = useT();
  const { db, repo, files } = useTracker();
  const online = useBrowserOnline();
  const inFlight = useSyncExternalStore(files.inFlight.subscribe, files.inFlight.get);
  const documents = useLiveRead(
    () => readPolicyDocuments(db, policyId),
    [db, policyId],
    'documents.error.read',
  );
  const storedBytes = useLiveRead(() => readStoredDocumentBytes(db), [db], 'documents.error.read');
  // A policy shared with the user (issue 18): documents open for every role; only the owner
  // adds or deletes them, and an editor renames them.
  const access = useLiveRead(
    () => readPolicyAccess(db, policyId),
    [db, policyId],
    'documents.error.read',
  );
  // Until the role is read nothing is offered: a viewer must never see, even for a moment, a
  // button the server would refuse.
  const may = access?.may;
  const liveCount = documents?.length ?? 0;
  const { attach, busy } = useAttachDocuments(repo, policyId, liveCount);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [blockedPdf, setBlockedPdf] = useState<Viewing | null>(null);
  const [renaming, setRenaming] = useState<PolicyDocumentView | null>(null);
  const [deleting, setDeleting] = useState<PolicyDocumentView | null>(null);
  const pdfTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const viewerOpener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const timers = pdfTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  const onChosen = async (chosen: File[] | File | null, fromCamera: boolean) => {
    const list = chosen === null ? [] : Array.isArray(chosen) ? chosen : [chosen];
    if (list.length === 0) return;
    setOpenError(null);
    const report = await attach(list, fromCamera);
    setRefusals(report.refused);
    setSaved(describeReport(t, report));
  };

  const open = async (doc: PolicyDocumentView) => {
    setOpenError(null);
    let blob: Blob;
    try {
      blob = await files.open(doc.id);
    } catch (error) {
      setOpenError(
        error instanceof DocumentFileUnavailableError
          ? t('documents.unavailable', { name: doc.name, reason: sayMessage(t, error.reason) })
          : t('documents.couldNotOpen', {
              name: doc.name,
              reason: sayError(t, error),
            }),
      );
      return;
    }
    const url = URL.createObjectURL(blob);
    if (doc.mime_type !== 'application/pdf') {
      // The viewer mounts already open (it is loaded lazily), so Mantine's returnFocus never
      // sees what had focus. Taken now, after the download: a menu's Open item has closed and
      // given focus back to its trigger by then.
      viewerOpener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setViewing({ url, name: doc.name });
      return;
    }
    const tab = window.open(url, '_blank');
    if (!tab) {
      // A blocked pop-up (the download took too long for the browser to count the tap):
      // a link the user taps opens it.
      setBlockedPdf((previous) => {
        if (previous) URL.revokeObjectURL(previous.url);
        return { url, name: doc.name };
      });
      return;
    }
    const timer = setTimeout(() => {
      URL.revokeObjectURL(url);
      pdfTimers.current.delete(timer);
    }, PDF_URL_LIFETIME_MS);
    pdfTimers.current.add(timer);
  };

  const closeViewer = () => {
    if (viewing) URL.revokeObjectURL(viewing.url);
    setViewing(null);
  };

  useEffect(() => {
    const opener = viewerOpener.current;
    if (viewing !== null || !opener) return;
    viewerOpener.current = null;
    if (opener.isConnected) opener.focus();
  }, [viewing]);

  const full = liveCount >= MAX_DOCUMENTS_PER_POLICY;

  return (
    <Stack gap="sm" component="section" aria-labelledby={`documents-${policyId}`}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3" id={`documents-${policyId}`}>
            {t('documents.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('documents.count', {
              n: formatIndianNumber(liveCount),
              max: MAX_DOCUMENTS_PER_POLICY,
            })}
          </Text>
        </div>
        {may?.addDocuments !== true ? null : (
          <Group gap="xs">
            <FileButton
              onChange={(file) => void onChosen(file, true)}
              accept="image/*"
              capture="environment"
              inputProps={{ name: 'document-photo' }}
              disabled={busy || full}
            >
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconCamera size={18} aria-hidden />}
                  loading={busy}
                >
                  {t('documents.addPhoto')}
                </Button>
              )}
            </FileButton>
            <FileButton
              onChange={(chosen) => void onChosen(chosen, false)}
              accept={FILE_ACCEPT}
              multiple
              inputProps={{ name: 'document-file' }}
              disabled={busy || full}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPaperclip size={18} aria-hidden />}
                  loading={busy}
                >
                  {t('documents.addFile')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Group>

      {full ? (
        <Text size="sm">{t('documents.full', { max: MAX_DOCUMENTS_PER_POLICY })}</Text>
      ) : null}

      <div role="status" aria-live="polite">
        {saved ? <Text size="sm">{saved}</Text> : null}
      </div>

      {refusals.length > 0 ? (
        <Alert
          color="red"
          title={t('documents.refused', {
            count: refusals.length,
            n: formatIndianNumber(refusals.length),
          })}
          role="alert"
          withCloseButton
          closeButtonLabel={t('documents.dismiss')}
          onClose={() => setRefusals([])}
        >
          <Stack gap={4}>
            {refusals.map((reason) => (
              <Text key={reason} size="sm">
                {reason}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {openError ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('documents.dismiss')}
          onClose={() => setOpenError(null)}
        >
          {openError}
        </Alert>
      ) : null}

      {blockedPdf ? (
        <Alert color="blue" title={t('documents.openPdf')}>
          <Group justify="space-between" wrap="nowrap">
            <Anchor href={blockedPdf.url} target="_blank" rel="noopener">
              {t('documents.openName', { name: blockedPdf.name })}
            </Anchor>
            <CloseButton
              aria-label={t('documents.dismiss')}
              onClick={() => {
                URL.revokeObjectURL(blockedPdf.url);
                setBlockedPdf(null);
              }}
            />
          </Group>
        </Alert>
      ) : null}

      {documents === undefined ? (
        <Text size="sm">{t('documents.loading')}</Text>
      ) : documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {documents.map((doc) => (
            <DocumentItem
              key={doc.id}
              doc={doc}
              view={documentFileView({
                stored: doc.stored,
                inFlight: inFlight.get(doc.id),
                online,
                rowOnServer: doc.rowOnServer,
              })}
              savedBy={access?.sharedBy ?? null}
              onOpen={() => void open(doc)}
              onRetry={() => void files.retry(doc.id)}
              onRename={may?.renameDocuments === true ? () => setRenaming(doc) : undefined}
              onDelete={may?.deleteDocuments === true ? () => setDeleting(doc) : undefined}
            />
          ))}
        </Stack>
      )}

      <DeviceStorage documentBytes={storedBytes ?? 0} />

      {viewing ? (
        <Suspense fallback={null}>
          <ImageViewer url={viewing.url} name={viewing.name} onClose={closeViewer} />
        </Suspense>
      ) : null}

      <RenameDialog
        doc={renaming}
        onClose={() => setRenaming(null)}
        onSave={async (name) => {
          if (renaming) await repo.renameDocument(renaming.id, name);
          setRenaming(null);
        }}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title={t('documents.deleteTitle')}
        description={deleting ? t('documents.deleteText', { name: deleting.name }) : ''}
        confirmLabel={t('documents.delete')}
        cancelLabel={t('documents.cancel')}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await repo.deleteDocument(deleting.id);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}

function DocumentItem({
  doc,
  view,
  savedBy,
  onOpen,
  onRetry,
  onRename,
  onDelete,
}: {
  doc: PolicyDocumentView;
  view: ReturnType<typeof documentFileView>;
  /** The owner of a policy shared with the user, else null. */
  savedBy: string | null;
  onOpen: () => void;
  onRetry: () => void;
  /** Absent when the user's role on a shared policy does not allow it. */
  onRename: (() => void) | undefined;
  onDelete: (() => void) | undefined;
}) {
  const t = useT();
  const Icon = doc.mime_type === 'application/pdf' ? IconFileTypePdf : IconPhoto;
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Icon size={28} aria-hidden />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <UnstyledButton
              onClick={onOpen}
              aria-label={t('documents.openName', { name: doc.name })}
            >
              <Text fw={600} truncate>
                {doc.name}
              </Text>
            </UnstyledButton>
            <Text size="xs" c="dimmed">
              {t(doc.mime_type === 'application/pdf' ? 'documents.pdf' : 'documents.photo')} ·{' '}
              {sizeText(t, doc.size)}
            </Text>
            <DocumentStatus view={view} name={doc.name} savedBy={savedBy} onRetry={onRetry} />
            {doc.failedOps.map((op) => (
              <Text key={op.op_id} size="sm" c="red.8">
                {t('documents.notSynced', { reason: op.message })}
              </Text>
            ))}
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('documents.moreActions', { name: doc.name })}
            >
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onOpen}>{t('documents.open')}</Menu.Item>
            {onRename ? <Menu.Item onClick={onRename}>{t('documents.rename')}</Menu.Item> : null}
            {onDelete ? (
              <Menu.Item color="red" onClick={onDelete}>
                {t('documents.delete')}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}

const nameSchema = policyDocumentInputSchema.shape.name;

function RenameDialog({
  doc,
  onClose,
  onSave,
}: {
  doc: PolicyDocumentView | null;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setValue(doc?.name ?? '');
    setError(null);
  }, [doc]);
  const submit = async () => {
    const parsed = nameSchema.safeParse(value);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'documents.checkName'));
      return;
    }
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      title={t('documents.renameTitle')}
      centered
      trapFocus
      returnFocus
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('documents.name')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            maxLength={250}
            data-autofocus
          />
          <FormActions
            cancelLabel={t('documents.cancel')}
            submitLabel={t('documents.save')}
            onCancel={onClose}
            busy={saving}
          />
        </Stack>
      </form>
    </Modal>
  );
}
