import { apiError } from './errors.ts';

/**
 * The Prefer header as PostgREST 12 reads it (ApiRequest/Preferences.hs): the first value of
 * each kind wins, anything unrecognised is collected so handling=strict can refuse it.
 */
export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  tx: 'commit' | 'rollback' | null;
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
  /** Asked for but not implemented here: refused by checkStrict rather than ignored. */
  unimplemented: string[];
  invalid: string[];
}

const KINDS = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
} as const;

type Kind = keyof typeof KINDS;

function isKind(k: string): k is Kind {
  return Object.hasOwn(KINDS, k);
}

export function parsePrefer(header: string | undefined): Prefer {
  const p: Prefer = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    handling: null,
    maxAffected: null,
    unimplemented: [],
    invalid: [],
  };
  const set: { [K in Kind]: (v: Prefer[K]) => void } = {
    return: (v) => (p.return ??= v),
    count: (v) => (p.count ??= v),
    resolution: (v) => (p.resolution ??= v),
    missing: (v) => (p.missing ??= v),
    tx: (v) => (p.tx ??= v),
    handling: (v) => (p.handling ??= v),
  };
  for (const raw of (header ?? '').split(',')) {
    const pref = raw.trim();
    if (pref === '') continue;
    const eq = pref.indexOf('=');
    const key = eq < 0 ? pref : pref.slice(0, eq);
    const value = eq < 0 ? '' : pref.slice(eq + 1);
    if (pref === 'params=single-object' || key === 'timezone') {
      p.unimplemented.push(pref);
      continue;
    }
    if (key === 'max-affected') {
      // PostgREST reads an Int64 and ignores anything else without calling it invalid.
      if (/^\d{1,15}$/.test(value)) p.maxAffected ??= Number(value);
      continue;
    }
    if (isKind(key)) {
      const allowed: readonly string[] = KINDS[key];
      const v = allowed.find((a) => a === value);
      if (v !== undefined) {
        (set[key] as (x: string) => void)(v);
        continue;
      }
    }
    p.invalid.push(pref);
  }
  return p;
}

/**
 * handling=strict refuses any preference it does not know (PGRST122). A preference PostgREST
 * would honour but this server cannot (calling with one JSON object, rendering in another time
 * zone) is refused whatever the handling (PostgREST 13's PGRST127), never silently dropped.
 */
export function checkStrict(p: Prefer): void {
  if (p.unimplemented.length > 0) {
    throw apiError(
      400,
      'PGRST127',
      'Feature not implemented',
      `The local server does not implement Prefer: ${p.unimplemented.join(', ')}`,
      null,
    );
  }
  if (p.handling === 'strict' && p.invalid.length > 0) {
    throw apiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${p.invalid.join(', ')}`,
      null,
    );
  }
}

/** max-affected is enforced only with handling=strict (PGRST124), as PostgREST does. */
export function checkMaxAffected(p: Prefer, affected: number): void {
  if (p.handling === 'strict' && p.maxAffected !== null && affected > p.maxAffected) {
    throw apiError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
      null,
    );
  }
}

export type AppliedKind = Kind | 'maxAffected';

/**
 * The Preference-Applied header: the preferences this kind of request honours, in PostgREST's
 * order; max-affected only alongside handling=strict.
 */
export function preferenceApplied(p: Prefer, honoured: readonly AppliedKind[]): string | null {
  const order: AppliedKind[] = [
    'resolution',
    'missing',
    'return',
    'count',
    'tx',
    'handling',
    'maxAffected',
  ];
  const values: string[] = [];
  for (const k of order) {
    if (!honoured.includes(k)) continue;
    if (k === 'maxAffected') {
      if (p.handling === 'strict' && p.maxAffected !== null)
        values.push(`max-affected=${p.maxAffected}`);
      continue;
    }
    const v = p[k];
    if (v !== null) values.push(`${k}=${v}`);
  }
  return values.length ? values.join(', ') : null;
}
