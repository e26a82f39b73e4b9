import { IconDotsVertical, IconRefresh } from '@tabler/icons-react';
import { resolveIcon, type CommonIconSlug } from '@/domain/tracker';
import { commonIcons, PolicyTypeIcon } from './policy-type-icon';
import classes from './tracker.module.css';

const actionIcons = { more: IconDotsVertical, renew: IconRefresh } as const;

type SpriteIconName = CommonIconSlug | keyof typeof actionIcons;

const symbolId = (name: SpriteIconName) => `policy-card-icon-${name}`;

/**
 * The icons every policy card draws, once, as <symbol>s that the cards show with <use>. A
 * dashboard holds hundreds of cards: this spares each one the icon components' element trees
 * (several elements per icon). Render it once wherever cards are shown.
 */
export function CardIconSprite() {
  const icons = { ...commonIcons, ...actionIcons };
  return (
    <svg aria-hidden="true" focusable="false" className={classes.iconSprite}>
      {Object.entries(icons).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name as SpriteIconName)} viewBox="0 0 24 24">
          <Icon size={24} />
        </symbol>
      ))}
    </svg>
  );
}

/**
 * A decorative icon from the sprite; `data-icon` names what is drawn. A plain function, not a
 * component: one fewer React element per icon on every card.
 */
export function spriteIcon(name: SpriteIconName, size: number) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} data-icon={name}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}

/** A policy type's icon: from the sprite when bundled, else looked up by name. */
export function cardTypeIcon(name: string | null | undefined) {
  const resolved = resolveIcon(name);
  return resolved.kind === 'lookup' ? (
    <PolicyTypeIcon name={name} size={24} />
  ) : (
    spriteIcon(resolved.slug, 24)
  );
}
