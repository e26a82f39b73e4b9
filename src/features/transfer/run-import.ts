import {
  createRowChecker,
  importedPolicy,
  type CheckedRow,
  type ImportContext,
  type ImportPlan,
  type ImportRow,
  type NewType,
} from '@/domain/transfer';
import type { TrackerRepo } from '@/sync';

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
  failed: { label: string; message: string }[];
}

const typeKey = (name: string) => name.trim().toLocaleLowerCase('en-IN');

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
  await inSlices(
    plan.saves,
    async (save) => {
      const { row, update } = save;
      const typeId =
        'existing' in row.type ? row.type.existing : typeIds.get(typeKey(row.type.create));
      try {
        if (!typeId) throw new Error('Its policy type could not be created');
        await repo.savePolicy({
          ...importedPolicy(save),
          policy_type_id: typeId,
          ...(update ? { id: update.id } : {}),
        });
        result.saved += 1;
      } catch (error) {
        result.failed.push({
          label: row.label,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
    onProgress,
  );
  return result;
}
