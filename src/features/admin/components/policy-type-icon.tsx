import { useEffect, useState } from 'react';
import { Shield, type LucideIcon, type LucideProps } from 'lucide-react';
import { dynamicIconImports, type IconName } from 'lucide-react/dynamic';
import { iconSlug } from '@/domain/tracker';

/** Shown for a type without an icon or with a name lucide does not know. */
export const DefaultPolicyTypeIcon = Shield;

const cache = new Map<string, Promise<LucideIcon | null>>();

function isIconName(key: string): key is IconName {
  return Object.hasOwn(dynamicIconImports, key);
}

/**
 * Loads one lucide icon by the name an admin typed ("HeartPulse"). Each icon is its own
 * small chunk fetched on first use, so the full set never lands in a bundle.
 */
export function loadLucideIcon(name: string): Promise<LucideIcon | null> {
  const key = name.trim();
  let pending = cache.get(key);
  if (!pending) {
    // The tracker's own rule for turning a typed name into Lucide's key, so the preview here
    // shows exactly what users' dashboards will draw.
    const slug = iconSlug(key);
    const found = slug !== null && isIconName(slug) ? slug : undefined;
    pending = found
      ? dynamicIconImports[found]()
          .then((mod) => mod.default)
          .catch(() => {
            cache.delete(key);
            return null;
          })
      : Promise.resolve(null);
    cache.set(key, pending);
  }
  return pending;
}

export type IconLookup =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; Icon: LucideIcon }
  | { status: 'unknown' };

/** The icon for `name`: 'none' when empty, 'unknown' when lucide has no such icon. */
export function useLucideIcon(name: string | null | undefined): IconLookup {
  const wanted = (name ?? '').trim();
  const [result, setResult] = useState<{ name: string; lookup: IconLookup }>({
    name: '',
    lookup: { status: 'none' },
  });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadLucideIcon(wanted).then((Icon) => {
      if (live) {
        setResult({
          name: wanted,
          lookup: Icon ? { status: 'found', Icon } : { status: 'unknown' },
        });
      }
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  if (!wanted) return { status: 'none' };
  return result.name === wanted ? result.lookup : { status: 'loading' };
}

interface PolicyTypeIconProps extends Omit<LucideProps, 'ref' | 'name'> {
  name: string | null | undefined;
}

/** A policy type's icon, decorative: the type's name is always written next to it. */
export function PolicyTypeIcon({ name, ...props }: PolicyTypeIconProps) {
  const lookup = useLucideIcon(name);
  if (lookup.status === 'loading') {
    // Same footprint as the icon, so rows do not shift when it arrives.
    const size = props.size ?? 24;
    return <span aria-hidden style={{ display: 'inline-block', width: size, height: size }} />;
  }
  const Icon = lookup.status === 'found' ? lookup.Icon : DefaultPolicyTypeIcon;
  return <Icon aria-hidden focusable="false" {...props} />;
}
