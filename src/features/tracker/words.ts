/**
 * The tracker's shared words in the active language (issue 21 part 3): a policy's status and
 * its dates. English keeps the spec's texts and the tracker's "15 Mar 2027" dates.
 */
import { boundedMemo } from '@/domain/bounded-memo';
import type { PolicyStatusInfo } from '@/domain/policy';
import { formatPolicyDate, formatPolicyMonth, UNTYPED_COVER_LABEL } from '@/domain/tracker';
import { formatDate, formatIndianNumber } from '@/lib/format';
import { activeLocale } from '@/lib/i18n';

import type { Translate } from '@/lib/use-i18n';

const badgeIds: Record<PolicyStatusInfo['badge'], string> = {
  Active: 'tracker.status.active',
  'Due Soon': 'tracker.status.dueSoon',
  'Due Today': 'tracker.status.dueToday',
  Lapsed: 'tracker.status.lapsed',
};

/** "Due Soon" · "जल्द देय". */
export function statusBadge(t: Translate, info: PolicyStatusInfo): string {
  return t(badgeIds[info.badge]);
}

/**
 * Per translate function (useT's, one per language) and number of days: every card says its status,
 * and formatting the plural each time was a good part of rendering thousands of them.
 */
const statusTexts = new WeakMap<Translate, Map<number, string>>();

/** "5 days left" · "5 दिन शेष", "Due today", "Lapsed 3 days ago". */
export function statusText(t: Translate, info: PolicyStatusInfo): string {
  let texts = statusTexts.get(t);
  if (!texts) {
    texts = new Map();
    statusTexts.set(t, texts);
  }
  const kept = texts.get(info.daysLeft);
  if (kept !== undefined) return kept;
  const text = formatStatusText(t, info.daysLeft);
  // Not kept while a catalog part is still loading: the lookup answers with the text's id.
  if (!text.startsWith('tracker.') && !text.startsWith('status.')) texts.set(info.daysLeft, text);
  return text;
}

function formatStatusText(t: Translate, daysLeft: number): string {
  if (daysLeft < 0) {
    return t('tracker.status.lapsedAgo', { count: -daysLeft, n: formatIndianNumber(-daysLeft) });
  }
  if (daysLeft === 0) return t('tracker.status.dueTodayText');
  return t('status.daysLeft', { count: daysLeft });
}

/** Formatted dates by language: every card shows one, and a few hundred days recur. */
const policyDates = {
  en: boundedMemo(formatPolicyDate, 5_000),
  hi: boundedMemo((date) => formatDate(date, 'short', 'hi'), 5_000),
};

/** A policy's calendar date: "15 Mar 2027" · "15 मार्च 2027". */
export function policyDate(date: string): string {
  return policyDates[activeLocale()](date);
}

/** A calendar month, `YYYY-MM`: "Mar 2027" · "मार्च 2027". */
export function policyMonth(month: string): string {
  return activeLocale() === 'en' ? formatPolicyMonth(month) : formatDate(`${month}-01`, 'month');
}

/** A field's validation message: the schemas' English sentences are their own catalog ids. */
export function fieldError(t: Translate, message: string | undefined): string | undefined {
  return message === undefined ? undefined : t(message);
}

/** The global policy types (supabase/seed.sql, fixed ids) say their name in each language. */
const globalTypeIds: Record<string, string> = {
  '6f1a0c2e-0000-4000-8000-000000000001': 'tracker.type.vehicle',
  '6f1a0c2e-0000-4000-8000-000000000002': 'tracker.type.health',
  '6f1a0c2e-0000-4000-8000-000000000003': 'tracker.type.ulip',
  '6f1a0c2e-0000-4000-8000-000000000004': 'tracker.type.term',
};

/** A policy type's name: a global type's in the active language, the user's own as typed. */
export function typeName(t: Translate, type: { id: string; name: string }): string {
  const id = globalTypeIds[type.id];
  return id === undefined ? type.name : t(id);
}

const globalTypeNames: Record<string, string> = {
  Vehicle: 'tracker.type.vehicle',
  Health: 'tracker.type.health',
  ULIP: 'tracker.type.ulip',
  Term: 'tracker.type.term',
  [UNTYPED_COVER_LABEL]: 'tracker.type.other',
};

/**
 * A type named in a sum (totals, outlook), which groups by name: the global types' and
 * "Other" in the active language, the user's own as typed.
 */
export function typeLabel(t: Translate, name: string): string {
  const id = globalTypeNames[name];
  return id === undefined ? name : t(id);
}
