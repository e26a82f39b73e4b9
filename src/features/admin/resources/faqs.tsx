import { IconHelpCircle } from '@tabler/icons-react';
import { PREVIEW_LENGTH, previewText } from '@/domain/admin';
import {
  faqInputSchema,
  faqSchema,
  type Faq,
  type FaqInput,
  type FaqValues,
} from '@/domain/schemas';
import { contentApi } from '../api/content-api';
import { FAQ_COLUMNS } from '../api/schemas';
import { recordTexts, type ResourceDescription } from './resource';

const texts = recordTexts('FAQ', 'FAQ');

export const faqsResource: ResourceDescription<Faq, FaqInput, FaqValues> = {
  api: contentApi({
    table: 'faqs',
    columns: FAQ_COLUMNS,
    row: faqSchema,
    sort: { column: 'created_at', ascending: false },
  }),
  path: 'faqs',
  label: 'FAQs',
  icon: IconHelpCircle,
  tile: {
    description: 'Questions and answers on the FAQ page.',
    count: { key: 'faqs', one: 'FAQ', many: 'FAQs' },
  },
  list: {
    title: 'FAQs',
    createLabel: 'Create FAQ',
    fetchError: 'Error fetching FAQs',
    loadError: 'Could not load FAQs.',
    empty: 'No FAQs yet.',
    minWidth: 640,
    columns: [
      { header: 'Question', cell: (f) => f.question, strong: true },
      { header: 'Answer', cell: (f) => previewText(f.answer, PREVIEW_LENGTH.faqAnswer) },
    ],
    rowName: (f) => f.question,
  },
  remove: texts.remove,
  editor: {
    ...texts.editor,
    schema: faqInputSchema,
    empty: { question: '', answer: '' },
    toInput: (f) => ({ question: f.question, answer: f.answer }),
    fields: [
      { name: 'question', label: 'Question', kind: 'text', required: true },
      { name: 'answer', label: 'Answer', kind: 'textarea', required: true, minRows: 5 },
    ],
  },
};
