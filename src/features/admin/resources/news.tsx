import { IconNews } from '@tabler/icons-react';
import { formatLocalDate } from '@/domain/admin';
import {
  newsInputSchema,
  newsSchema,
  type News,
  type NewsInput,
  type NewsValues,
} from '@/domain/schemas';
import { AnchorLink } from '../components/links';
import { contentApi } from '../api/content-api';
import { NEWS_COLUMNS } from '../api/schemas';
import { recordTexts, slugField, type ResourceDescription } from './resource';

const texts = recordTexts('article', 'Article');

export const newsResource: ResourceDescription<News, NewsInput, NewsValues> = {
  api: contentApi({
    table: 'news',
    columns: NEWS_COLUMNS,
    row: newsSchema,
    sort: { column: 'created_at', ascending: false },
  }),
  path: 'news',
  label: 'News',
  icon: IconNews,
  tile: {
    description: 'Write and edit news articles.',
    count: { key: 'news', one: 'article', many: 'articles' },
  },
  list: {
    title: 'News Articles',
    createLabel: 'Create Article',
    fetchError: 'Error fetching articles',
    loadError: 'Could not load articles.',
    empty: 'No news articles found.',
    minWidth: 600,
    columns: [
      {
        header: 'Title',
        cell: (a) => (
          <AnchorLink to="/news/$slug" params={{ slug: a.slug }}>
            {a.title}
          </AnchorLink>
        ),
      },
      { header: 'Slug', cell: (a) => <code>{a.slug}</code> },
      { header: 'Published', cell: (a) => formatLocalDate(a.created_at) },
    ],
    rowName: (a) => a.title,
  },
  remove: texts.remove,
  editor: {
    ...texts.editor,
    schema: newsInputSchema,
    empty: { title: '', slug: '', excerpt: '', content: '' },
    toInput: (a) => ({
      title: a.title,
      slug: a.slug,
      excerpt: a.excerpt ?? '',
      content: a.content,
    }),
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      slugField,
      {
        name: 'excerpt',
        label: 'Excerpt',
        kind: 'textarea',
        description: 'Optional short summary shown in the news list.',
        minRows: 2,
      },
      {
        name: 'content',
        label: 'Content',
        kind: 'textarea',
        required: true,
        description: 'Line breaks are kept as written.',
        minRows: 10,
      },
    ],
    // The slug field's hints and duplicate message come from the one slug rule (slugTexts).
    slug: { from: 'title', into: 'slug', noun: 'article', address: '/news' },
  },
};
