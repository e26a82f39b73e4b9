import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, within } from '../../../../tests/helpers/render';
import type { ContentItem, ContentList } from '../hooks/use-content';
import { useFaqs, useGlossaryTerm, useNewsArticle, useNewsList } from '../hooks/use-content';
import type { FaqRecord, GlossaryRecord, NewsRecord } from '@/db/content-db';
import { PolicyTrackerIntroPage } from './policy-tracker-intro-page';
import { NewsListPage } from './news-list-page';
import { NewsArticlePage } from './news-article-page';
import { GlossaryTermPage } from './glossary-term-page';
import { FaqPage } from './faq-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';
import { DisclaimerPage } from './disclaimer-page';
import { AdvicePage } from './advice-page';
import intro from '../guides/data/policy-tracker-intro.en';
import advice from '../guides/data/advice.en';

vi.mock('@tanstack/react-router', () => ({
  Link: ({
    to,
    params,
    children,
    ...rest
  }: {
    to: string;
    params?: Record<string, string>;
    children: ReactNode;
  }) => {
    const href = Object.entries(params ?? {}).reduce(
      (path, [key, value]) => path.replace(`$${key}`, value),
      to,
    );
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  },
}));
vi.mock('../hooks/use-content', () => ({
  useNewsList: vi.fn(),
  useNewsArticle: vi.fn(),
  useGlossaryList: vi.fn(),
  useGlossaryTerm: vi.fn(),
  useFaqs: vi.fn(),
}));

const faqs: FaqRecord[] = [
  { id: '2', question: 'Newest question?', answer: 'Newest answer.', created_at: '2025-02-01' },
  { id: '1', question: 'Older question?', answer: 'Older answer.', created_at: '2025-01-01' },
];

const retry = vi.fn();

beforeEach(() => {
  retry.mockReset();
  vi.mocked(useNewsList).mockReset();
  vi.mocked(useNewsArticle).mockReset();
  vi.mocked(useGlossaryTerm).mockReset();
  vi.mocked(useFaqs).mockReset();
});

describe('PolicyTrackerIntroPage', () => {
  it('signed out: both calls to action lead to /login', () => {
    render(<PolicyTrackerIntroPage signedIn={false} text={intro} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Track Every Insurance Policy in One Place' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('link', { name: 'Start Tracking Now' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('link', { name: 'Go to Your Dashboard' })).toBeNull();
  });

  it('signed in: the dashboard button and the closing call go to /policy-tracker', () => {
    render(<PolicyTrackerIntroPage signedIn text={intro} />);
    expect(screen.getByRole('link', { name: 'Go to Your Dashboard' })).toHaveAttribute(
      'href',
      '/policy-tracker',
    );
    expect(screen.getByRole('link', { name: 'Start Tracking Now' })).toHaveAttribute(
      'href',
      '/policy-tracker',
    );
    expect(screen.queryByRole('link', { name: 'Get Started for Free' })).toBeNull();
  });

  it('has the four feature cards and three steps as level-3 headings', () => {
    render(<PolicyTrackerIntroPage signedIn={false} text={intro} />);
    const h3 = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(h3).toEqual([
      'One Dashboard for Everything',
      'Never Miss a Renewal',
      'Family-Ready',
      'Simple & Secure',
      'Add Any Policy',
      'See Live Counters',
      'Renew with a Click',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'How It Works' })).toBeInTheDocument();
  });
});

describe('NewsListPage', () => {
  it('says so when there are no articles', () => {
    vi.mocked(useNewsList).mockReturnValue({ status: 'ready', items: [], retry });
    render(<NewsListPage />);
    expect(screen.getByText('No news articles found.')).toBeInTheDocument();
  });

  it('links every card to its article', () => {
    const items: NewsRecord[] = [
      {
        id: '1',
        title: 'Hello',
        slug: 'hello',
        excerpt: 'Short',
        content: 'Long',
        created_at: '2025-10-23T04:30:00Z',
      },
    ];
    vi.mocked(useNewsList).mockReturnValue({
      status: 'ready',
      items,
      retry,
    } satisfies ContentList<NewsRecord>);
    render(<NewsListPage />);
    const card = screen.getByRole('link', { name: /Hello/ });
    expect(card).toHaveAttribute('href', '/news/hello');
    expect(within(card).getByText('23 October 2025')).toBeInTheDocument();
  });
});

describe('NewsArticlePage', () => {
  it('missing article: Article not found with a link back to /news', () => {
    vi.mocked(useNewsArticle).mockReturnValue({ status: 'not-found', retry });
    render(<NewsArticlePage slug="nope" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
  });

  it('keeps line breaks and splits paragraphs without rendering HTML', () => {
    vi.mocked(useNewsArticle).mockReturnValue({
      status: 'found',
      retry,
      item: {
        id: '1',
        title: 'T',
        slug: 't',
        excerpt: null,
        content: 'First line\nsecond line\n\n<b>not bold</b>',
        created_at: '2025-10-23T04:30:00Z',
      },
    } satisfies ContentItem<NewsRecord>);
    const { container } = render(<NewsArticlePage slug="t" />);
    const paragraphs = container.querySelectorAll('article p');
    expect(Array.from(paragraphs).map((p) => p.textContent)).toEqual([
      'First line\nsecond line',
      '<b>not bold</b>',
    ]);
    expect(container.querySelector('article b')).toBeNull();
  });
});

describe('GlossaryTermPage', () => {
  it('missing term: Term Not Found and the placeholder definition', () => {
    vi.mocked(useGlossaryTerm).mockReturnValue({ status: 'not-found', retry });
    render(<GlossaryTermPage slug="nope" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Term Not Found' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Definition' })).toBeVisible();
    expect(screen.getByText('This term does not have a definition yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Glossary' })).toHaveAttribute(
      'href',
      '/glossary',
    );
  });

  it('shows Context only when the term has one', () => {
    const term: GlossaryRecord = {
      id: '1',
      term: 'Rider',
      slug: 'rider',
      definition: 'An add-on.',
      context: null,
      created_at: '2025-01-01',
    };
    vi.mocked(useGlossaryTerm).mockReturnValue({ status: 'found', item: term, retry });
    const { unmount } = render(<GlossaryTermPage slug="rider" />);
    expect(screen.queryByRole('heading', { name: 'Context' })).toBeNull();
    unmount();
    vi.mocked(useGlossaryTerm).mockReturnValue({
      status: 'found',
      retry,
      item: { ...term, context: 'Bought with a base plan.' },
    });
    render(<GlossaryTermPage slug="rider" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Context' })).toBeVisible();
    expect(screen.getByText('Bought with a base plan.')).toBeVisible();
  });
});

describe('FaqPage', () => {
  it('opens one answer at a time and closes the open one on a second click', async () => {
    vi.mocked(useFaqs).mockReturnValue({ status: 'ready', items: faqs, retry });
    const user = userEvent.setup();
    render(<FaqPage />);
    const [newest, older] = screen.getAllByRole('button');
    if (!newest || !older) throw new Error('expected two questions');
    expect(newest).toHaveTextContent('Newest question?');
    expect(newest).toHaveAttribute('aria-expanded', 'false');

    await user.click(newest);
    expect(newest).toHaveAttribute('aria-expanded', 'true');
    await user.click(older);
    expect(older).toHaveAttribute('aria-expanded', 'true');
    expect(newest).toHaveAttribute('aria-expanded', 'false');
    await user.click(older);
    expect(older).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('content never fetched on this device', () => {
  it('FAQ: says Not available offline yet with Try again, never "No FAQs found."', async () => {
    vi.mocked(useFaqs).mockReturnValue({ status: 'unavailable', retry });
    const user = userEvent.setup();
    render(<FaqPage />);
    expect(screen.getByText('Not available offline yet')).toBeVisible();
    expect(screen.queryByText('No FAQs found.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('an article: the page title says so, with Try again', async () => {
    vi.mocked(useNewsArticle).mockReturnValue({ status: 'unavailable', retry });
    const user = userEvent.setup();
    render(<NewsArticlePage slug="never-seen" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Not available offline yet' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('legal pages', () => {
  it.each([
    ['Privacy Policy', PrivacyPage],
    ['Terms of Use', TermsPage],
    ['Disclaimer', DisclaimerPage],
  ])('%s shows the last-updated date from site config', (title, Page) => {
    render(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated: 23 Oct 2025')).toBeInTheDocument();
  });

  it('privacy says callback details are stored and seen by the advisor', () => {
    const { container } = render(<PrivacyPage />);
    expect(container.textContent).toContain(
      'we store your name, mobile number, city, the product you are interested in',
    );
    expect(container.textContent).toContain('Only our licensed advisor');
  });
});

describe('AdvicePage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the licence details while valid, the booking link and the form passed in', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-11-01T12:00:00') });
    render(<AdvicePage text={advice} callbackForm={<form aria-label="stub form" />} />);
    expect(
      await screen.findByText('Broker Licence No. 487, valid till April 2026'),
    ).toBeInTheDocument();
    expect(screen.getByText('POSP certification, valid till 08 Nov 2025')).toBeInTheDocument();
    expect(screen.getByText('POSP certification, valid till 05 Nov 2025')).toBeInTheDocument();
    const book = screen.getByRole('link', { name: 'Book a call' });
    expect(book).toHaveAttribute('target', '_blank');
    expect(book.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('form', { name: 'stub form' })).toBeInTheDocument();
  });

  it('never calls an expired credential valid', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T12:00:00') });
    const { container } = render(<AdvicePage text={advice} callbackForm={null} />);
    expect(
      await screen.findByText(
        'Broker Licence No. 487 — validity ended April 2026; renewal being confirmed',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('POSP certification — validity ended 08 Nov 2025; renewal being confirmed'),
    ).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/valid till/);
  });
});
