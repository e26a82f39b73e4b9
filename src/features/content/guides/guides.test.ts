import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInline } from '@/domain/content/inline-markup';
import { localizedPaths, type Locale } from '@/lib/i18n';
import { allMessages } from '../../../../tests/helpers/catalogs';
import {
  guidePaths,
  loadAdviceText,
  loadContactText,
  loadGuide,
  loadIntroText,
  type GuidePath,
} from '.';
import type { Block, GuideContent } from './model';

/** What a page's two languages must share: every block's kind and size, and every link. */
function shape(blocks: readonly Block[]): unknown[] {
  return blocks.map((block) => {
    switch (block.kind) {
      case 'text':
      case 'small':
      case 'note':
        return [block.kind, links(block.text)];
      case 'bullets':
        return [block.kind, block.items.map(links)];
      case 'steps':
        return [block.kind, block.steps.map((step) => links(step.text))];
      case 'cards':
        return [block.kind, block.cards.length];
      case 'lists':
        return [block.kind, block.lists.map((list) => list.items.length)];
      case 'table':
        return [block.kind, block.columns.length, block.rows.map((row) => row.length)];
      case 'subsection':
        return [block.kind, shape(block.blocks)];
      case 'faq':
        return [block.kind, block.items.map((item) => links(item.answer))];
      case 'buttons':
        return [block.kind, block.buttons.map((button) => button.to)];
      case 'calculatorLink':
        return [block.kind];
    }
  });
}

function links(text: string): string[] {
  return parseInline(text).flatMap((part) => (part.kind === 'link' ? [part.to] : []));
}

function guideShape(guide: GuideContent): unknown {
  return {
    lead: shape(guide.lead ?? []),
    sections: guide.sections.map((section) => shape(section.blocks)),
  };
}

/** Every string a guide holds, for the checks on its words. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) =>
      key === 'kind' || key === 'to' ? [] : strings(inner),
    );
  }
  return [];
}

/** The public pages' addresses, from their route files (src/routes/_site/<path>.tsx). */
function routePaths(): Set<string> {
  const root = join(__dirname, '..', '..', '..', 'routes', '_site');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  return new Set(
    files
      .filter((file) => file.endsWith('.tsx') && !file.includes('$') && !file.startsWith('-'))
      .map((file) => `/${file.replace(/\.tsx$/, '').replace(/(^|\/)(index|route)$/, '')}`)
      .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path)),
  );
}

const load = (path: GuidePath, locale: Locale) => loadGuide(path, locale).then((p) => p.content);

describe('the guides in both languages', () => {
  it.each(guidePaths)('%s has the same blocks and links in Hindi as in English', async (path) => {
    const [english, hindi] = await Promise.all([load(path, 'en'), load(path, 'hi')]);
    expect(guideShape(hindi)).toEqual(guideShape(english));
  });

  it.each(guidePaths)('%s in Hindi is written in Hindi', async (path) => {
    const hindi = await load(path, 'hi');
    // Every text with words is in Devanagari (Latin script only for abbreviations and names
    // inside it); figures such as "₹25,000" or "5%" are the same in both languages.
    for (const text of strings(hindi).filter((text) =>
      /[A-Za-z]|\p{Script=Devanagari}/u.test(text),
    )) {
      expect(text, text).toMatch(/\p{Script=Devanagari}/u);
    }
  });

  it('links only to pages the site has, and every localized page has a Hindi route', async () => {
    const known = routePaths();
    const targets = new Set<string>();
    for (const path of guidePaths) {
      for (const locale of ['en', 'hi'] as const) {
        const guide = await load(path, locale);
        for (const text of strings(guide)) for (const to of links(text)) targets.add(to);
      }
    }
    for (const text of [...Object.values(allMessages.en), ...Object.values(allMessages.hi)]) {
      if (typeof text === 'string') for (const to of links(text)) targets.add(to);
    }
    expect([...targets].filter((to) => !known.has(to))).toEqual([]);
    expect(localizedPaths.filter((path) => !known.has(`/hi${path}`))).toEqual([]);
  });

  it('the tracker intro, contact and advice pages have every text in both languages', async () => {
    for (const loader of [loadIntroText, loadContactText, loadAdviceText]) {
      const [english, hindi] = await Promise.all([loader('en'), loader('hi')]);
      expect(strings(hindi.content).length).toBe(strings(english.content).length);
      for (const text of strings(hindi.content))
        expect(text, text).toMatch(/\p{Script=Devanagari}/u);
      expect(hindi.path).toBe(english.path);
    }
  });
});
