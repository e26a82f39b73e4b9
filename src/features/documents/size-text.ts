import { formatBytes } from '@/domain/documents';

/**
 * A size in the active language: "512 bytes" · "512 बाइट"; KB, MB and GB are written the
 * same in both.
 */
export function sizeText(
  t: (id: string, values?: Record<string, unknown>) => string,
  bytes: number,
): string {
  return bytes < 1024 ? t('documents.bytes', { n: bytes }) : formatBytes(bytes);
}
