import { MessageError, messageRef, type StoredMessage } from '@/domain/message';
import {
  createRowChecker,
  importedPolicy,
  type CheckedRow,
  type ImportContext,
  type ImportPlan,
  type ImportRow,
  type NewType,
  type PlannedSave,
} from '@/domain/transfer';
import type { SavePolicyInput, TrackerRepo } from '@/sync';

/** Work done in one go before the browser gets the main thread back (paints, input). */
const SLICE_MS = 12;

function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `step` for each item, handing the main thread back every few milliseconds. */
async function inSlices<T>(
  items: readonly T[],
  step: (item: T, index: number) => void | Promise<void>,
  onProgress: (done: number) => void,
): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    await step(items[i] as T, i);
    if (performance.now() - sliceStart > SLICE_MS) {
      onProgress(i + 1);
      await yieldToBrowser();
      sliceStart = performance.now();
    }
  }
  onProgress(items.length);
}

export interface CheckedFile {
  rows: CheckedRow[];
  newTypes: NewType[];
}

/** Checks every row (nothing is saved), in slices so a long file never freezes the page. */
export async function checkRows(
  rows: readonly ImportRow[],
  context: ImportContext,
  onProgress: (done: number) => void = () => {},
): Promise<CheckedFile> {
  const checker = createRowChecker(context);
  const checked: CheckedRow[] = [];
  await inSlices(rows, (row) => void checked.push(checker.check(row)), onProgress);
  return { rows: checked, newTypes: checker.newTypes() };
}

export interface ImportResult {
  saved: number;
  /** Rows the store refused after all (e.g. a person's relationship changed meanwhile). */
  /** Each policy not saved, with why: the app's reason by id, or the error's own words. */
  failed: { label: string; message: StoredMessage }[];
}

const typeKey = (name: string) => name.trim().toLocaleLowerCase('en-IN');

/** Policies per transaction: each stays short, and there are few of them. */
const SAVE_CHUNK = 50;

function saveInput(save: PlannedSave, typeIds: ReadonlyMap<string, string>): SavePolicyInput {
  const { row, update } = save;
  const typeId = 'existing' in row.type ? row.type.existing : typeIds.get(typeKey(row.type.create));
  if (!typeId) throw new MessageError(messageRef('transfer.import.typeNotCreated'));
  return { ...importedPolicy(save), policy_type_id: typeId, ...(update ? { id: update.id } : {}) };
}

/**
 * Saves a confirmed plan through the repo, exactly as the policy form saves (each policy and
 * its members with their outbox entries), so it works offline and syncs like any edit. Types
 * the saved rows need are created first, as the user's own.
 */
export async function saveImport(
  repo: TrackerRepo,
  plan: ImportPlan,
  newTypes: readonly NewType[],
  onProgress: (done: number) => void = () => {},
): Promise<ImportResult> {
  const needed = new Set(
    plan.saves.flatMap(({ row }) => ('create' in row.type ? [typeKey(row.type.create)] : [])),
  );
  const typeIds = new Map<string, string>();
  for (const type of newTypes) {
    if (!needed.has(typeKey(type.name))) continue;
    typeIds.set(typeKey(type.name), await repo.createPolicyType(type));
  }

  const result: ImportResult = { saved: 0, failed: [] };
  const chunks: PlannedSave[][] = [];
  for (let i = 0; i < plan.saves.length; i += SAVE_CHUNK) {
    chunks.push(plan.saves.slice(i, i + SAVE_CHUNK));
  }
  let done = 0;
  await inSlices(
    chunks,
    async (chunk) => {
      try {
        // One transaction per chunk: the store's readers (header badge, sync counts) wake
        // once per chunk instead of once per policy.
        await repo.savePolicies(chunk.map((save) => saveInput(save, typeIds)));
        result.saved += chunk.length;
      } catch {
        // Something in the chunk was refused: save one by one to say which.
        for (const save of chunk) {
          try {
            await repo.savePolicy(saveInput(save, typeIds));
            result.saved += 1;
          } catch (error) {
            result.failed.push({
              label: save.row.label,
              message:
                error instanceof MessageError
                  ? error.reason
                  : error instanceof Error
                    ? error.message
                    : String(error),
            });
          }
        }
      }
      done += chunk.length;
    },
    () => onProgress(done),
  );
  return result;
}
