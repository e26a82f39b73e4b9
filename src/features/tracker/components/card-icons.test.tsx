import { describe, expect, it } from 'vitest';
import { render } from '../../../../tests/helpers/render';
import { commonIconSlugs } from '@/domain/tracker';
import { cardIconSvgs, lucideSvg } from './card-icons';
import { commonIcons } from './policy-type-icon';

const GEOMETRY = ['d', 'points', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2'];
const SIZE = ['width', 'height'];

/** The shapes a drawing is made of, each as its tag and geometry. */
function shapes(svg: Element): string[] {
  return [...svg.children].map(
    (shape) =>
      `${shape.tagName.toLowerCase()} ${[...GEOMETRY, ...SIZE]
        .filter((name) => shape.hasAttribute(name))
        .map((name) => `${name}=${shape.getAttribute(name)}`)
        .join(' ')}`,
  );
}

function parsed(svg: string): Element {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(document.querySelector('parsererror')).toBeNull();
  const root = document.documentElement;
  // Drawn as Lucide and Tabler draw them: lines of width 2 on a 24-unit square, not filled.
  expect(root.getAttribute('viewBox')).toBe('0 0 24 24');
  expect(root.getAttribute('fill')).toBe('none');
  expect(root.getAttribute('stroke-width')).toBe('2');
  expect(root.getAttribute('stroke')).not.toBeNull();
  return root;
}

describe('the policy cards’ icons', () => {
  it('draws every bundled type icon as its Lucide component does, and both actions', () => {
    const svgs = cardIconSvgs();
    for (const slug of commonIconSlugs) {
      const svg = svgs[slug];
      expect(svg, slug).not.toBeNull();
      const Icon = commonIcons[slug];
      const { container, unmount } = render(<Icon />);
      const component = container.querySelector('svg');
      expect(component).not.toBeNull();
      if (!component || !svg) continue;
      expect(shapes(parsed(svg)), slug).toEqual(shapes(component));
      expect(shapes(component).length).toBeGreaterThan(0);
      unmount();
    }
    for (const action of ['more', 'renew'] as const) {
      const svg = svgs[action];
      expect(svg, action).not.toBeNull();
      if (svg) expect(parsed(svg).querySelectorAll('path').length).toBeGreaterThan(1);
    }
  });

  it('writes nothing but shapes and their geometry into a drawing', () => {
    expect(lucideSvg({})).toBeNull();
    expect(lucideSvg({ __iconData: { node: [['script', {}]] } })).toBeNull();
    expect(
      lucideSvg({ __iconData: { node: [['path', { d: 'M0 0h4', onload: 'alert(1)' }]] } }),
    ).toBeNull();

    const hostile = '"/><script>alert(1)</script><path d="';
    const svg = lucideSvg({ __iconData: { node: [['path', { d: hostile, key: 'k' }]] } });
    expect(svg).not.toBeNull();
    const drawing = parsed(svg ?? '');
    expect(drawing.querySelector('script')).toBeNull();
    expect(drawing.querySelectorAll('path')).toHaveLength(1);
    expect(drawing.querySelector('path')?.getAttribute('d')).toBe(hostile);
    expect(drawing.querySelector('path')?.hasAttribute('key')).toBe(false);
  });
});
