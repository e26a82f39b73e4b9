import { describe, expect, it } from 'vitest';
import { compileGlob, GlobSyntaxError } from './glob.ts';
import { RedirectPolicy } from './redirect.ts';

// gobwas/glob's own table (glob_test.go): [should match, pattern, text, separators].
const gobwasCases: [boolean, string, string, string?][] = [
  [true, '* ?at * eyes', 'my cat has very bright eyes'],
  [true, '', ''],
  [false, '', 'b'],
  [true, '*ä', 'åä'],
  [true, 'abc', 'abc'],
  [true, 'a*c', 'abc'],
  [true, 'a*c', 'a12345c'],
  [true, 'a?c', 'a1c'],
  [true, 'a.b', 'a.b', '.'],
  [true, 'a.*', 'a.b', '.'],
  [true, 'a.**', 'a.b.c', '.'],
  [true, 'a.?.c', 'a.b.c', '.'],
  [true, 'a.?.?', 'a.b.c', '.'],
  [true, '?at', 'cat'],
  [true, '?at', 'fat'],
  [true, '*', 'abc'],
  [true, '\\*', '*'],
  [true, '**', 'a.b.c', '.'],
  [false, '?at', 'at'],
  [false, '?at', 'fat', 'f'],
  [false, 'a.*', 'a.b.c', '.'],
  [false, 'a.?.c', 'a.bb.c', '.'],
  [false, '*', 'a.b.c', '.'],
  [true, '*test', 'this is a test'],
  [true, 'this*', 'this is a test'],
  [true, '*is *', 'this is a test'],
  [true, '*is*a*', 'this is a test'],
  [true, '**test**', 'this is a test'],
  [true, '**is**a***test*', 'this is a test'],
  [false, '*is', 'this is a test'],
  [false, '*no*', 'this is a test'],
  [true, '[!a]*', 'this is a test3'],
  [true, '*abc', 'abcabc'],
  [true, '**abc', 'abcabc'],
  [true, '???', 'abc'],
  [true, '?*?', 'abc'],
  [true, '?*?', 'ac'],
  [false, 'sta', 'stagnation'],
  [true, 'sta*', 'stagnation'],
  [false, 'sta?', 'stagnation'],
  [false, 'sta?n', 'stagnation'],
  [true, '{abc,def}ghi', 'defghi'],
  [true, '{abc,abcd}a', 'abcda'],
  [true, '{a,ab}{bc,f}', 'abc'],
  [true, '{*,**}{a,b}', 'ab'],
  [false, '{*,**}{a,b}', 'ac'],
  [true, '/{rate,[a-z][a-z][a-z]}*', '/rate'],
  [true, '/{rate,[0-9][0-9][0-9]}*', '/rate'],
  [true, '/{rate,[a-z][a-z][a-z]}*', '/usd'],
  [true, '{*.google.*,*.yandex.*}', 'www.google.com', '.'],
  [true, '{*.google.*,*.yandex.*}', 'www.yandex.com', '.'],
  [false, '{*.google.*,*.yandex.*}', 'yandex.com', '.'],
  [false, '{*.google.*,*.yandex.*}', 'google.com', '.'],
  [true, '{*.google.*,yandex.*}', 'www.google.com', '.'],
  [true, '{*.google.*,yandex.*}', 'yandex.com', '.'],
  [false, '{*.google.*,yandex.*}', 'www.yandex.com', '.'],
  [false, '{*.google.*,yandex.*}', 'google.com', '.'],
  [true, '*//{,*.}example.com', 'https://www.example.com'],
  [true, '*//{,*.}example.com', 'http://example.com'],
  [false, '*//{,*.}example.com', 'http://example.com.net'],
  [true, '[a-z][!a-x]*cat*[h][!b]*eyes*', 'my cat has very bright eyes'],
  [false, '[a-z][!a-x]*cat*[h][!b]*eyes*', 'my dog has very bright eyes'],
  [true, 'https://*.google.*', 'https://account.google.com'],
  [false, 'https://*.google.*', 'https://google.com'],
  [true, '{https://*.google.*,*yandex.*,*yahoo.*,*mail.ru}', 'http://yahoo.com'],
  [false, '{https://*.google.*,*yandex.*,*yahoo.*,*mail.ru}', 'http://google.com'],
  [true, '{https://*gobwas.com,http://exclude.gobwas.com}', 'https://safe.gobwas.com'],
  [false, '{https://*gobwas.com,http://exclude.gobwas.com}', 'http://safe.gobwas.com'],
  [true, '{https://*gobwas.com,http://exclude.gobwas.com}', 'http://exclude.gobwas.com'],
  [true, '{abc*[a-c]def,abc?[d-g]def,abc[zte]?def}', 'abczqdef'],
  [true, '{abc*def,abc?def,abc[zte]def}', 'abczdef'],
  [false, 'abc*', 'af'],
  [true, '*def', 'abcdef'],
  [true, 'ab*ef', 'abcdef'],
  [false, 'ab*ef', 'af'],
  // Beyond gobwas' table: the lexer details that decide what is literal.
  [true, 'a,b}', 'a,b}'],
  [true, '[\\]]', ']'],
  [true, '[!a-c]', 'd'],
  [false, '[!a-c]', 'b'],
  [true, '[ab-c]', '-'],
  [true, '{a,{b,c}}d', 'cd'],
  [true, '{a,b', 'b'],
  [true, 'a.b', 'a.b'],
  [false, 'a.b', 'axb'],
  [true, '(x)+$^|', '(x)+$^|'],
];

describe('gobwas/glob semantics', () => {
  it.each(gobwasCases)('%s: %j against %j (separators %j)', (should, pattern, text, seps) => {
    expect(compileGlob(pattern, seps ?? '').match(text)).toBe(should);
  });

  it.each(['[', '[]', '[a-', '[c-a]', '[a-bc]', '[abc'])(
    'refuses the malformed pattern %j',
    (p) => {
      expect(() => compileGlob(p)).toThrow(GlobSyntaxError);
    },
  );
});

// GoTrue's TestGetReferrer table, with its configuration.
describe('redirect policy (GoTrue TestGetReferrer)', () => {
  const policy = new RedirectPolicy('https://example.com', [
    'http://localhost:8000/*',
    'http://*.localhost:8000/*',
    'http://*:12345/*',
    'http://**:12345/*',
  ]);
  it.each([
    ['http://localhost:8000/path', true],
    ['http://localhost:3000', false],
    ['http://localhost:8000', false],
    ['http://localhost:8000/path/to/page', false],
    ['http://localhost:8000/path?param=1', true],
    ['http://123?.localhost:8000/path', false],
    ['http://123.123.123.123?localhost:8000/path', false],
    ['http://[65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d]?localhost:8000/path', false],
    ['http://65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d?localhost:8000/path', false],
    ['http://127.0.0.1:12345/path', true],
    ['http://[0:0:0:0:0:0:0:1]:12345/path', true],
    ['https://example.com/dashboard', true],
    ['http://example.com/dashboard', false],
    ['https://example.com:8443/dashboard', false],
  ])('%s → allowed %s', (url, allowed) => {
    expect(policy.target(url)).toBe(allowed ? url : 'https://example.com');
  });
});

describe('redirect policy hardening', () => {
  const policy = new RedirectPolicy('https://example.com', ['https://*.example.com/**']);
  it.each([
    ['https://app.example.com/x?y=1', true],
    ['https://evilcom?.example.com/', false],
    ['https://app.example.com@evil.com/', false],
    ['https://user@app.example.com/', false],
    ['https://example.com\\@evil.com', false],
    ['https://example.com\t.evil.com', false],
    ['javascript:alert(1)//https://app.example.com/', false],
  ])('%s → allowed %s', (url, allowed) => {
    expect(policy.isAllowed(url)).toBe(allowed);
  });
});
