/**
 * GoTrue compiles each `additional_redirect_urls` entry with github.com/gobwas/glob and the
 * separators '.' and '/'. No npm glob library has those semantics (picomatch and minimatch only
 * know '/', and treat '?' and braces differently), so this is a faithful port of its grammar:
 *
 * - `*` any run of characters without a separator; `**` any run at all;
 * - `?` one character that is not a separator;
 * - `[abc]`, `[!abc]`, `[a-z]`, `[!a-z]` one character from (or not from) a list or range;
 * - `{a,b,c}` alternatives, which may nest; an unclosed `{` ends at the end of the pattern;
 * - `\` makes the next character literal; everything else matches itself.
 *
 * The pattern is compiled once to an anchored regular expression over code points.
 */
export class GlobSyntaxError extends Error {}

const code = (c: string): string => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`;

class GlobCompiler {
  private readonly chars: string[];
  private pos = 0;
  private depth = 0;

  constructor(
    pattern: string,
    private readonly separators: string,
  ) {
    this.chars = [...pattern];
  }

  compile(): string {
    return this.sequence();
  }

  private peek(): string | undefined {
    return this.chars[this.pos];
  }

  private notSeparator(): string {
    return this.separators === '' ? '[^]' : `[^${[...this.separators].map(code).join('')}]`;
  }

  /** One alternative: up to the end, or (inside braces) up to ',' or '}'. */
  private sequence(): string {
    let out = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined) return out;
      if (this.depth > 0 && (c === ',' || c === '}')) return out;
      this.pos += 1;
      if (c === '*') {
        if (this.peek() === '*') {
          this.pos += 1;
          out += '[^]*';
        } else {
          out += `${this.notSeparator()}*`;
        }
      } else if (c === '?') {
        out += this.notSeparator();
      } else if (c === '[') {
        out += this.charClass();
      } else if (c === '{') {
        out += this.alternatives();
      } else {
        out += this.text(c);
      }
    }
  }

  private text(first: string): string {
    if (first !== '\\') return code(first);
    const escaped = this.peek();
    // A trailing backslash escapes nothing and matches nothing, as in gobwas/glob.
    if (escaped === undefined) return '';
    this.pos += 1;
    return code(escaped);
  }

  private alternatives(): string {
    this.depth += 1;
    const options = [this.sequence()];
    while (this.peek() === ',') {
      this.pos += 1;
      options.push(this.sequence());
    }
    if (this.peek() === '}') this.pos += 1;
    this.depth -= 1;
    return `(?:${options.join('|')})`;
  }

  private next(): string {
    const c = this.peek();
    if (c === undefined) throw new GlobSyntaxError('unexpected end of input');
    this.pos += 1;
    return c;
  }

  private charClass(): string {
    let not = false;
    if (this.peek() === '!') {
      not = true;
      this.pos += 1;
    }
    const first = this.next();
    if (this.peek() === '-') {
      this.pos += 1;
      const hi = this.next();
      if (this.next() !== ']') throw new GlobSyntaxError('expected close range character');
      if ((hi.codePointAt(0) ?? 0) < (first.codePointAt(0) ?? 0)) {
        throw new GlobSyntaxError(`hi character '${hi}' should be greater than lo '${first}'`);
      }
      return `[${not ? '^' : ''}${code(first)}-${code(hi)}]`;
    }
    this.pos -= 1;
    const list: string[] = [];
    for (;;) {
      const c = this.next();
      if (c === ']') break;
      list.push(c === '\\' ? this.next() : c);
    }
    if (list.length === 0) throw new GlobSyntaxError('could not parse range');
    return `[${not ? '^' : ''}${list.map(code).join('')}]`;
  }
}

export interface Glob {
  readonly pattern: string;
  match(text: string): boolean;
}

/** Compiles like gobwas/glob's `glob.Compile(pattern, separators...)`. */
export function compileGlob(pattern: string, separators = ''): Glob {
  const source = new GlobCompiler(pattern, separators).compile();
  const re = new RegExp(`^(?:${source})$`, 'u');
  return { pattern, match: (text) => re.test(text) };
}
