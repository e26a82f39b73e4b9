import { describe, expect, it } from 'vitest';
import { placeStylesheetsLast } from '../../../scripts/preload-deps/stylesheets-last';

describe('stylesheets brought by lazily loaded code', () => {
  it('go to the end of the body, scripts’ preloads stay in the head', () => {
    const helper = [
      'const link = document.createElement("link");',
      'link.rel = isCss ? "stylesheet" : scriptRel;',
      'document.head.appendChild(link);',
    ].join('\n');
    const placed = placeStylesheetsLast(helper);
    expect(placed).toContain(
      '(link.rel === "stylesheet" ? document.body : document.head).appendChild(link);',
    );
    expect(placed).not.toContain('document.head.appendChild(link);');
  });

  it('fails the build when the helper no longer appends in the one known place', () => {
    expect(() => placeStylesheetsLast('document.body.append(link);')).toThrow(/preload helper/);
    expect(() =>
      placeStylesheetsLast('document.head.appendChild(link);document.head.appendChild(link);'),
    ).toThrow(/preload helper/);
  });
});
