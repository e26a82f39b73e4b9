/**
 * Policy types store a free-text Lucide icon name ("Car", "HeartPulse", admins may type
 * "heart-pulse" or "Heart Pulse"). Lucide's own files are named in kebab case, so every
 * spelling is reduced to that one key before an icon is looked up.
 */
import { boundedMemo } from '../bounded-memo.ts';

/**
 * Icons the seeded global types use and those the user's type form offers; the UI bundles
 * these (so they draw offline) and loads any other on demand.
 */
export const commonIconSlugs = [
  'car',
  'heart-pulse',
  'trending-up',
  'umbrella',
  'shield',
  'bike',
  'truck',
  'house',
  'plane',
  'paw-print',
  'smartphone',
  'briefcase',
  'graduation-cap',
  'baby',
  'stethoscope',
] as const;
export type CommonIconSlug = (typeof commonIconSlugs)[number];

/** Shown when a type has no icon or one Lucide does not have. */
export const DEFAULT_ICON_SLUG: CommonIconSlug = 'shield';

/**
 * "HeartPulse" → "heart-pulse", "Building2" → "building-2", "heart pulse" → "heart-pulse".
 * Returns null for a blank or unusable name.
 */
export function iconSlug(name: string | null | undefined): string | null {
  if (!name) return null;
  return slugOf(name);
}

// Every card of a type asks for its icon: worked out once per name.
const slugOf = boundedMemo(computeSlug, 1_000);

function computeSlug(name: string): string | null {
  const slug = name
    .trim()
    // Drop a trailing "Icon" as in Lucide's aliases (CarIcon, LucideCar).
    .replace(/^Lucide(?=[A-Z])/, '')
    .replace(/(?<=[A-Za-z0-9])Icon$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([A-Za-z])(\d)/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' ? null : slug;
}

export function isCommonIconSlug(slug: string): slug is CommonIconSlug {
  return (commonIconSlugs as readonly string[]).includes(slug);
}

export type IconResolution =
  | { kind: 'common'; slug: CommonIconSlug }
  | { kind: 'lookup'; slug: string }
  | { kind: 'default'; slug: CommonIconSlug };

/** Which icon to draw: a bundled one, one to look up in the full set, or the default. */
export function resolveIcon(name: string | null | undefined): IconResolution {
  const slug = iconSlug(name);
  if (slug === null) return { kind: 'default', slug: DEFAULT_ICON_SLUG };
  if (isCommonIconSlug(slug)) return { kind: 'common', slug };
  return { kind: 'lookup', slug };
}

/** One choice of the user's icon picker: the name stored and what it shows, in words. */
export interface PickableIcon {
  name: string;
  label: string;
  slug: CommonIconSlug;
}

/** The icons a user picks from for their own types (admins still type any Lucide name). */
export const pickableIcons: readonly PickableIcon[] = [
  { name: 'Car', label: 'Car', slug: 'car' },
  { name: 'Bike', label: 'Bike', slug: 'bike' },
  { name: 'Truck', label: 'Truck', slug: 'truck' },
  { name: 'HeartPulse', label: 'Heart pulse', slug: 'heart-pulse' },
  { name: 'Stethoscope', label: 'Stethoscope', slug: 'stethoscope' },
  { name: 'Baby', label: 'Baby', slug: 'baby' },
  { name: 'House', label: 'House', slug: 'house' },
  { name: 'Plane', label: 'Plane', slug: 'plane' },
  { name: 'PawPrint', label: 'Paw print', slug: 'paw-print' },
  { name: 'Smartphone', label: 'Smartphone', slug: 'smartphone' },
  { name: 'Briefcase', label: 'Briefcase', slug: 'briefcase' },
  { name: 'GraduationCap', label: 'Graduation cap', slug: 'graduation-cap' },
  { name: 'TrendingUp', label: 'Trending up', slug: 'trending-up' },
  { name: 'Umbrella', label: 'Umbrella', slug: 'umbrella' },
  { name: 'Shield', label: 'Shield', slug: 'shield' },
];

/** The picker's choice for a stored icon name ("heart-pulse" is HeartPulse), if it has one. */
export function pickableIconFor(name: string | null | undefined): PickableIcon | undefined {
  const slug = iconSlug(name);
  return pickableIcons.find((icon) => icon.slug === slug);
}
