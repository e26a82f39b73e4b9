/**
 * Admins type lucide icon names as the React components are named ("Car", "HeartPulse",
 * "Building2"), while lucide's dynamic import table is keyed in kebab case ("heart-pulse",
 * "building-2"). Returns the kebab keys to try, most likely first; the caller picks the
 * first one that exists. Kebab input ("heart-pulse") is accepted as well.
 */
export function lucideIconKeys(name: string | null | undefined): string[] {
  const trimmed = (name ?? '').trim().replace(/Icon$/, '');
  if (!trimmed || !/^[A-Za-z0-9 _-]+$/.test(trimmed)) return [];
  const words = trimmed
    .replace(/[\s_]+/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
  // Lucide splits digits off as their own word in most names ("building-2", and aliases such
  // as "grid-2-x-2") but not in every one ("grid-2x2"), so several spellings are candidates.
  const digitsApart = words.replace(/([a-z])(\d)/g, '$1-$2').replace(/(\d)([a-z])/g, '$1-$2');
  const digitsAfterWord = words.replace(/([a-z])(\d)/g, '$1-$2');
  const candidates = [digitsApart, digitsAfterWord, words].map((k) =>
    k.replace(/-{2,}/g, '-').replace(/^-|-$/g, ''),
  );
  return [...new Set(candidates)].filter((k) => k.length > 0);
}
