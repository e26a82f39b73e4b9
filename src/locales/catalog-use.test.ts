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
// Every consumer folder: text a user reads is the catalogs' (issue 21). What may stay English
// is listed in `stayEnglish`; src/domain and src/sync name their sentences by id
// (`messageRef('tracker.notices.changed', …)`, src/domain/message.ts), checked like `t()`.
const converted = [
  'src/components',
  'src/features/auth',
  'src/features/calculators',
  'src/features/callback',
  'src/features/content',
  'src/features/documents',
  'src/features/language',
  'src/features/pwa',
  'src/features/reminders',
  'src/features/sharing',
  'src/features/tracker',
  'src/features/transfer',
  'src/sync/clashes.ts',
  'src/sync/conflicts.ts',
  'src/sync/files.ts',
  'src/sync/push.ts',
  'src/sync/queries.ts',
  'src/sync/repo.ts',
  'src/domain/documents/limits.ts',
  'src/domain/documents/transfer.ts',
  // The routes' tab titles: catalogTitle('id') (src/lib/i18n.ts), never pageTitle('text').
  'src/routes',
];

/**
 * What the issue lets stay English: the admin's own sign-in, the legal pages and About. The
 * guides' per-language data files are checked by guides/guides.test.ts instead.
 */
const stayEnglish = new Set([
  'src/features/auth/admin-login-page.tsx',
  'src/features/content/components/legal.tsx',
  'src/features/content/pages/about-page.tsx',
  'src/features/content/pages/disclaimer-page.tsx',
  'src/features/content/pages/privacy-page.tsx',
  'src/features/content/pages/terms-page.tsx',
  'src/routes/_site/about.tsx',
  'src/routes/_site/disclaimer.tsx',
  'src/routes/_site/privacy.tsx',
  'src/routes/_site/terms.tsx',
  'src/routes/admin-login.tsx',
  // The home page's English title is the spec's; its Hindi one is the page's heading.
  'src/routes/_site/index.tsx',
]);

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
  // Catalog ids handed to src/lib (a lazily loaded dialog's "could not be opened" toast).
  'titleId',
  'descriptionId',
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
    // A tab title written out is English in every language.
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'pageTitle'
    ) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) hardCoded.push(at(first, first.text));
    }
    // t('id', …), messageRef('id', …) and catalogTitle('id'): the id must be in the catalog.
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ['t', 'messageRef', 'catalogTitle'].includes(node.expression.text)
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
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .filter((file) => !stayEnglish.has(relative(root, file)) && !file.includes('/guides/data/'))
  // The admin area may stay English (issue 21).
  .filter((file) => !relative(root, file).startsWith('src/routes/admin/'));
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
