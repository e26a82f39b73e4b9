import type { Locale, LocalizedPath } from '@/lib/i18n';

/**
 * The content of the public pages published in both languages, as data: one file per page and
 * language (./data), rendered by one component per kind of page. Text fields may hold the
 * inline markup of src/domain/content/inline-markup.ts (`[text](/path)`, `**bold**`); links to
 * a localized page lead to it in the page's own language.
 */
export type Rich = string;

export interface TitledText {
  title: string;
  text: Rich;
}

export type Block =
  | { kind: 'text'; text: Rich }
  | { kind: 'bullets'; items: readonly Rich[] }
  | { kind: 'note'; title: string; text: Rich }
  | { kind: 'steps'; steps: readonly TitledText[] }
  /** Cards of a title and a short text, two to a row from tablet width. */
  | { kind: 'cards'; cards: readonly TitledText[] }
  /** Cards each holding a list (the claims guide's documents per kind of policy). */
  | { kind: 'lists'; lists: readonly { title: string; items: readonly string[] }[] }
  | {
      kind: 'table';
      caption: string;
      columns: readonly string[];
      /** The first cell of a row is its header. */
      rows: readonly (readonly string[])[];
      narrow?: boolean;
    }
  | { kind: 'subsection'; title: string; blocks: readonly Block[] }
  | { kind: 'faq'; items: readonly { question: string; answer: Rich }[] }
  | { kind: 'buttons'; buttons: readonly { to: LocalizedPath; label: string; primary?: boolean }[] }
  /** The home page's Human Life Value calculator, opened at its tab. */
  | { kind: 'calculatorLink'; label: string }
  /** A small print paragraph. */
  | { kind: 'small'; text: Rich };

export interface PageMeta {
  /** The document title, before " | BimaGuide". */
  title: string;
  description: string;
}

export interface GuideContent {
  meta: PageMeta;
  title: string;
  subtitle: string;
  /** Shown between the heading and the first section (a note on what is live today). */
  lead?: readonly Block[];
  sections: readonly { title: string; blocks: readonly Block[] }[];
  /** The closing offer of a licensed advisor (spec §2). */
  cta: TitledText;
}

/** What a localized route's loader hands its page: the content, and where it is published. */
export interface LocalizedPage<Content> {
  path: LocalizedPath;
  locale: Locale;
  content: Content;
}

/** One dynamic import per language, so a page downloads only its own language's text. */
export type PerLocale<Content> = Record<Locale, () => Promise<{ default: Content }>>;

export async function loadLocalized<Content>(
  path: LocalizedPath,
  locale: Locale,
  sources: PerLocale<Content>,
): Promise<LocalizedPage<Content>> {
  const { default: content } = await sources[locale]();
  return { path, locale, content };
}
