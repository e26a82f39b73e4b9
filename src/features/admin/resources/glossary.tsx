import { IconBook2 } from '@tabler/icons-react';
import { PREVIEW_LENGTH, previewText } from '@/domain/admin';
import {
  glossaryInputSchema,
  glossarySchema,
  type GlossaryInput,
  type GlossaryTerm,
  type GlossaryValues,
} from '@/domain/schemas';
import { AnchorLink } from '../components/links';
import { contentApi } from '../api/content-api';
import { GLOSSARY_COLUMNS } from '../api/schemas';
import { recordTexts, slugField, type ResourceDescription } from './resource';

const texts = recordTexts('term', 'Term');

export const glossaryResource: ResourceDescription<GlossaryTerm, GlossaryInput, GlossaryValues> = {
  api: contentApi({
    table: 'glossary',
    columns: GLOSSARY_COLUMNS,
    row: glossarySchema,
    sort: { column: 'term', ascending: true },
  }),
  path: 'glossary',
  label: 'Glossary',
  icon: IconBook2,
  tile: {
    description: 'Insurance terms and their definitions.',
    count: { key: 'glossary', one: 'term', many: 'terms' },
  },
  list: {
    title: 'Glossary',
    createLabel: 'Create Term',
    fetchError: 'Error fetching terms',
    loadError: 'Could not load glossary terms.',
    empty: 'No glossary terms yet.',
    minWidth: 640,
    columns: [
      {
        header: 'Term',
        cell: (t) => (
          <AnchorLink to="/glossary/$slug" params={{ slug: t.slug }}>
            {t.term}
          </AnchorLink>
        ),
      },
      {
        header: 'Definition',
        cell: (t) => previewText(t.definition, PREVIEW_LENGTH.glossaryDefinition),
      },
    ],
    rowName: (t) => t.term,
  },
  remove: texts.remove,
  editor: {
    ...texts.editor,
    schema: glossaryInputSchema,
    empty: { term: '', slug: '', definition: '', context: '' },
    toInput: (t) => ({
      term: t.term,
      slug: t.slug,
      definition: t.definition,
      context: t.context ?? '',
    }),
    fields: [
      { name: 'term', label: 'Term', kind: 'text', required: true },
      slugField,
      { name: 'definition', label: 'Definition', kind: 'textarea', required: true, minRows: 4 },
      {
        name: 'context',
        label: 'Context',
        kind: 'textarea',
        description: 'Optional: an example or where the term comes up.',
        minRows: 3,
      },
    ],
    slug: { from: 'term', into: 'slug', noun: 'term', address: '/glossary' },
  },
};
