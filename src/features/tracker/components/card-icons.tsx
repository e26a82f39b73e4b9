import dotsVertical from '@tabler/icons/outline/dots-vertical.svg?raw';
import refresh from '@tabler/icons/outline/refresh.svg?raw';
import { z } from 'zod';
import { commonIconSlugs, resolveIcon, type CommonIconSlug } from '@/domain/tracker';
import { commonIconModules, PolicyTypeIcon } from './policy-type-icon';
import classes from './tracker.module.css';

/** The action icons' files, the same drawings as Tabler's components elsewhere in the app. */
const actionIcons = { more: dotsVertical, renew: refresh } as const;

export type CardIconName = CommonIconSlug | keyof typeof actionIcons;

const GEOMETRY = [
  'key',
  'd',
  'points',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'width',
  'height',
] as const;

/**
 * What a Lucide icon module holds besides its component: the drawing's shapes. Only shapes and
 * their geometry are written into the drawing; anything else leaves that icon blank (no rule:
 * the CSS module's mask shows nothing).
 */
const lucideModule = z.object({
  __iconData: z.object({
    node: z.array(
      z.tuple([
        z.enum(['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse']),
        z.partialRecord(z.enum(GEOMETRY), z.union([z.string(), z.number()])),
      ]),
    ),
  }),
});

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** A bundled Lucide icon as an SVG file's text, or null when its module has no drawing. */
export function lucideSvg(module: unknown): string | null {
  const parsed = lucideModule.safeParse(module);
  if (!parsed.success) return null;
  const elements = parsed.data.__iconData.node.map(([tag, attributes]) => {
    const written = Object.entries(attributes)
      .filter(([name, value]) => name !== 'key' && value !== undefined)
      .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
      .join('');
    return `<${tag}${written}/>`;
  });
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" ' +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${elements.join('')}</svg>`
  );
}

/** Each card icon's drawing, as an SVG file's text (null: not drawn). */
export function cardIconSvgs(): Record<CardIconName, string | null> {
  const svgs: Partial<Record<CardIconName, string | null>> = { ...actionIcons };
  for (const slug of commonIconSlugs) svgs[slug] = lucideSvg(commonIconModules[slug]);
  return svgs as Record<CardIconName, string | null>;
}

let css: string | undefined;

/** One rule per icon: the drawing the card icon's mask shows. Built once, when first shown. */
function cardIconCss(): string {
  css ??= Object.entries(cardIconSvgs())
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(
      ([name, svg]) =>
        `.${classes.cardIcon}[data-icon="${name}"]{--card-icon:url("data:image/svg+xml,${encodeURIComponent(svg)}")}`,
    )
    .join('\n');
  return css;
}

/**
 * The drawings every policy card's icons show, once, as a style sheet (React puts it in the
 * head, once however often it is rendered; named after the class it styles, so a changed class
 * name is a new sheet, not a stale one). Render it wherever cards are shown.
 *
 * Each icon on a card is one element painted through a mask, rather than an <svg> with a <use>
 * of a shared <symbol>: every <use> is a copy of its symbol in a shadow tree of its own, and
 * with thousands of cards those copies were most of what hiding or removing a list cost (a
 * replaced list of 5,000 cards: about 25 ms, against 8 ms without them; issue 22).
 */
export function CardIconStyles() {
  return (
    <style href={`policy-card-icons-${classes.cardIcon}`} precedence="default">
      {cardIconCss()}
    </style>
  );
}

/**
 * A decorative icon drawn by CardIconStyles; `data-icon` names it, the CSS module sizes it for
 * where it sits. A plain function, not a component: one fewer React element per icon on every
 * card.
 */
export function cardIcon(name: CardIconName) {
  return <span aria-hidden="true" className={classes.cardIcon} data-icon={name} />;
}

/** A policy type's icon: drawn by CardIconStyles when bundled, else looked up by name. */
export function cardTypeIcon(name: string | null | undefined) {
  const resolved = resolveIcon(name);
  return resolved.kind === 'lookup' ? (
    <PolicyTypeIcon name={name} size={24} />
  ) : (
    cardIcon(resolved.slug)
  );
}
