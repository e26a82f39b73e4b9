import type { TrackerDb } from '@/db/tracker-db';
import { localToday } from '@/domain/local-today';
import { csvTable, exportFileName, transferFile } from '@/domain/transfer';
import { downloadFile } from '@/lib/download';
import { readAllPayments, readOwnPolicies } from '@/sync';
import { writeCsv } from './csv';

export type ExportFormat = 'csv' | 'json';

/**
 * Saves every policy on this device as a CSV (one row per policy, for spreadsheets; payments
 * as their total, latest date and list) or as BimaGuide JSON (everything, payments included,
 * to import again). Made from the local store, so it works
 * offline. Returns how many policies it wrote.
 */
export async function exportPolicies(db: TrackerDb, format: ExportFormat): Promise<number> {
  const [policies, payments] = await Promise.all([readOwnPolicies(db), readAllPayments(db)]);
  const file = transferFile(policies, payments, new Date());
  const name = exportFileName(format, localToday());
  if (format === 'json') {
    downloadFile(`${JSON.stringify(file, null, 2)}\n`, name, 'application/json');
  } else {
    downloadFile(await writeCsv(csvTable(file.policies)), name, 'text/csv;charset=utf-8');
  }
  return policies.length;
}
