import { useEffect, useState } from 'react';
import {
  Baby,
  Bike,
  Briefcase,
  Car,
  GraduationCap,
  HeartPulse,
  House,
  PawPrint,
  Plane,
  Shield,
  Smartphone,
  Stethoscope,
  TrendingUp,
  Truck,
  Umbrella,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
import { resolveIcon, type CommonIconSlug } from '@/domain/tracker';

/**
 * Bundled: the seeded types' icons, the default and the user's picker's, so most cards draw
 * with no request, offline too.
 */
export const commonIcons: Record<CommonIconSlug, LucideIcon> = {
  car: Car,
  'heart-pulse': HeartPulse,
  'trending-up': TrendingUp,
  umbrella: Umbrella,
  shield: Shield,
  bike: Bike,
  truck: Truck,
  house: House,
  plane: Plane,
  'paw-print': PawPrint,
  smartphone: Smartphone,
  briefcase: Briefcase,
  'graduation-cap': GraduationCap,
  baby: Baby,
  stethoscope: Stethoscope,
};

const looked = new Map<string, Promise<LucideIcon | null>>();

/**
 * Any other Lucide name: the name→loader table (large) is its own chunk fetched only when a
 * custom icon shows up, and each icon is a separate small chunk after that.
 */
export function lookUpIcon(slug: string): Promise<LucideIcon | null> {
  let pending = looked.get(slug);
  if (!pending) {
    pending = import('lucide-react/dynamic')
      .then(async ({ dynamicIconImports }) => {
        if (!Object.hasOwn(dynamicIconImports, slug)) return null;
        const load = dynamicIconImports[slug as keyof typeof dynamicIconImports];
        return (await load()).default;
      })
      .catch(() => {
        // Offline before the chunk was cached: try again next time, draw the default now.
        looked.delete(slug);
        return null;
      });
    looked.set(slug, pending);
  }
  return pending;
}

interface PolicyTypeIconProps extends Omit<LucideProps, 'ref' | 'name'> {
  /** The type's icon name as stored ("HeartPulse"); null or unknown draws the default. */
  name: string | null | undefined;
}

/** Decorative: the type's name is always written next to it. */
export function PolicyTypeIcon({ name, ...props }: PolicyTypeIconProps) {
  const resolved = resolveIcon(name);
  const lookupSlug = resolved.kind === 'lookup' ? resolved.slug : null;
  const [found, setFound] = useState<{ slug: string; Icon: LucideIcon | null } | null>(null);

  useEffect(() => {
    if (lookupSlug === null) return;
    let live = true;
    void lookUpIcon(lookupSlug).then((Icon) => {
      if (live) setFound({ slug: lookupSlug, Icon });
    });
    return () => {
      live = false;
    };
  }, [lookupSlug]);

  let Icon: LucideIcon = Shield;
  let drawn = 'shield';
  if (resolved.kind !== 'lookup') {
    Icon = commonIcons[resolved.slug];
    drawn = resolved.slug;
  } else if (found?.slug === resolved.slug && found.Icon) {
    Icon = found.Icon;
    drawn = resolved.slug;
  }
  return <Icon aria-hidden focusable="false" data-icon={drawn} {...props} />;
}
