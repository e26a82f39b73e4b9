// The extraction check of issue 21: in the converted folders, text a user reads comes from the
// catalogs, and every id the code looks up exists. (eslint-plugin-lingui's
// no-unlocalized-strings was tried first: it reports every string literal, Mantine colours and
// table names included, and knows nothing of explicit ids.) Part 2 widens `converted`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../../tests/helpers/catalogs';

const en = allMessages.en;

const root = join(__dirname, '..', '..');
const converted = [
  'src/components/layout',
  'src/features/pwa',
  'src/features/calculators',
  'src/features/language',
  'src/features/content/pages/home-page.tsx',
  // Issue 21 part 2: the content pages read their words from the catalogs or from their
  // per-language content data (guides/data, checked by guides/guides.test.ts); the legal and
  // about pages stay English.
  'src/features/content/guides/blocks.tsx',
  'src/features/content/guides/guide-view.tsx',
  'src/features/content/guides/rich.tsx',
  'src/features/content/components/content-loading.tsx',
  'src/features/content/components/content-unavailable.tsx',
  'src/features/content/components/contact-buttons.tsx',
  'src/features/content/components/credential-cards.tsx',
  'src/features/content/components/guide.tsx',
  'src/features/content/components/hero.tsx',
  'src/features/content/components/icon-card.tsx',
  'src/features/content/pages/advice-page.tsx',
  'src/features/content/pages/contact-page.tsx',
  'src/features/content/pages/faq-page.tsx',
  'src/features/content/pages/glossary-list-page.tsx',
  'src/features/content/pages/glossary-term-page.tsx',
  'src/features/content/pages/news-article-page.tsx',
  'src/features/content/pages/news-list-page.tsx',
  'src/features/content/pages/policy-tracker-intro-page.tsx',
  'src/components/credentials.ts',
  // The admin's own sign-in (admin-login-page.tsx) may stay English (issue 21).
  'src/features/auth/account-menu.tsx',
  'src/features/auth/auth-card.tsx',
  'src/features/auth/auth-error-text.ts',
  'src/features/auth/auth-pending.tsx',
  'src/features/auth/auth-store.ts',
  'src/features/auth/credentials-form.tsx',
  'src/features/auth/login-button.tsx',
  'src/features/auth/login-page.tsx',
  'src/features/auth/password-change-form.tsx',
  'src/features/auth/password-reset-page.tsx',
  'src/features/callback',
  'src/features/transfer',
  'src/features/sharing',
  // Issue 21 part 3: the tracker (its sharing folder included), payments and reminders.
  'src/features/tracker',
  'src/features/reminders',
  'src/features/documents',
];

/** Props and object keys whose string is read by a person (or a screen reader). */
const userFacing = new Set([
  'label',
  'title',
  'text',
  'placeholder',
  'description',
  'assumptions',
  'error',
  'aria-label',
  'alt',
]);
const catalogId = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;
const hasWords = /\p{L}{2,}/u;

function sourceFiles(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) => sourceFiles(join(path, name)));
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

function scan(file: string): { hardCoded: Finding[]; unknownIds: Finding[] } {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const hardCoded: Finding[] = [];
  const unknownIds: Finding[] = [];
  const at = (node: ts.Node, text: string): Finding => ({
    file: relative(root, file),
    line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    text,
  });
  const checkText = (node: ts.Node, text: string) => {
    if (catalogId.test(text)) {
      if (!(text in en)) unknownIds.push(at(node, text));
    } else if (hasWords.test(text)) {
      hardCoded.push(at(node, text));
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords.test(node.text)) hardCoded.push(at(node, node.text.trim()));
    if (ts.isJsxAttribute(node) && userFacing.has(node.name.getText())) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) checkText(value, value.text);
    }
    if (
      ts.isPropertyAssignment(node) &&
      userFacing.has(node.name.getText()) &&
      ts.isStringLiteralLike(node.initializer)
    ) {
      checkText(node.initializer, node.initializer.text);
    }
    // t('id', …): the id must be in the catalog.
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 't'
    ) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first) && !(first.text in en)) {
        unknownIds.push(at(first, first.text));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { hardCoded, unknownIds };
}

const files = converted
  .flatMap(sourceFiles)
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
const results = files.map(scan);

describe('catalog use in the converted folders', () => {
  it('finds the files it checks', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('writes no user-facing text outside the catalogs', () => {
    expect(results.flatMap((r) => r.hardCoded)).toEqual([]);
  });

  it('looks up only ids the catalogs have', () => {
    expect(results.flatMap((r) => r.unknownIds)).toEqual([]);
  });
});
