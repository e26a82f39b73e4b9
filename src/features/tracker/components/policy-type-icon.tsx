import { useEffect, useState } from 'react';
import type { LucideIcon, LucideProps } from 'lucide-react';
import * as baby from 'lucide-react/icons/baby';
import * as bike from 'lucide-react/icons/bike';
import * as briefcase from 'lucide-react/icons/briefcase';
import * as car from 'lucide-react/icons/car';
import * as graduationCap from 'lucide-react/icons/graduation-cap';
import * as heartPulse from 'lucide-react/icons/heart-pulse';
import * as house from 'lucide-react/icons/house';
import * as pawPrint from 'lucide-react/icons/paw-print';
import * as plane from 'lucide-react/icons/plane';
import * as shield from 'lucide-react/icons/shield';
import * as smartphone from 'lucide-react/icons/smartphone';
import * as stethoscope from 'lucide-react/icons/stethoscope';
import * as trendingUp from 'lucide-react/icons/trending-up';
import * as truck from 'lucide-react/icons/truck';
import * as umbrella from 'lucide-react/icons/umbrella';
import { resolveIcon, type CommonIconSlug } from '@/domain/tracker';

/**
 * Bundled: the seeded types' icons, the default and the user's picker's, so most cards draw
 * with no request, offline too. Whole modules: the policy cards draw from their drawings'
 * data too (card-icons.tsx), not only through the components.
 */
export const commonIconModules: Record<CommonIconSlug, { default: LucideIcon }> = {
  car,
  'heart-pulse': heartPulse,
  'trending-up': trendingUp,
  umbrella,
  shield,
  bike,
  truck,
  house,
  plane,
  'paw-print': pawPrint,
  smartphone,
  briefcase,
  'graduation-cap': graduationCap,
  baby,
  stethoscope,
};

export const commonIcons = Object.fromEntries(
  Object.entries(commonIconModules).map(([slug, module]) => [slug, module.default]),
) as Record<CommonIconSlug, LucideIcon>;

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

  let Icon: LucideIcon = shield.default;
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
