import { useState } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { isUniqueViolation, slugify } from '@/domain/admin';
import { newsInputSchema, type NewsInput, type NewsValues } from '@/domain/schemas';
import { toast } from '@/lib/toast';
import { createNewsArticle } from '../api/create-news-article';
import { fetchNewsArticle } from '../api/fetch-news-article';
import { updateNewsArticle } from '../api/update-news-article';
import { EditorShell } from '../components/editor-shell';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useRecordLoader } from '../hooks/use-record-loader';

const empty: NewsInput = { title: '', slug: '', excerpt: '', content: '' };

/** /admin/news/new (no id) and /admin/news/edit/{id}. */
export function NewsEditorPage({ id }: { id?: string }) {
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm<NewsInput, unknown, NewsValues>({
    resolver: zodResolver(newsInputSchema),
    defaultValues: empty,
  });
  const { errors, isDirty, isSubmitted } = form.formState;
  const { allowLeave, modal } = useLeaveGuard(isDirty);
  const backToList = () => navigate({ to: '/admin/news' });

  const { loading } = useRecordLoader({
    id,
    load: fetchNewsArticle,
    errorTitle: 'Error fetching article',
    onLoaded: (a) =>
      form.reset({ title: a.title, slug: a.slug, excerpt: a.excerpt ?? '', content: a.content }),
    onFailed: () => {
      allowLeave();
      void backToList();
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    const result = editing ? await updateNewsArticle(id, values) : await createNewsArticle(values);
    setSaving(false);
    if (!result.ok) {
      if (isUniqueViolation(result.error)) {
        form.setError(
          'slug',
          { message: 'Another article already uses this slug. Choose a different slug.' },
          { shouldFocus: true },
        );
      }
      toast({
        title: 'Error saving article',
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Success', description: editing ? 'Article updated.' : 'Article created.' });
    allowLeave();
    void backToList();
  });

  return (
    <EditorShell
      title={editing ? 'Edit Article' : 'Create Article'}
      loading={loading}
      saving={saving}
      submitLabel="Save Article"
      onSubmit={(e) => void onSubmit(e)}
      onCancel={() => void backToList()}
      guard={modal}
    >
      <TextInput
        label="Title"
        required
        error={errors.title?.message}
        {...form.register('title', {
          onChange: (e: { target: { value: string } }) => {
            // Spec §4: in create mode the slug follows the title; an edit keeps its URL.
            if (!editing) {
              form.setValue('slug', slugify(e.target.value), {
                shouldDirty: true,
                shouldValidate: isSubmitted,
              });
            }
          },
        })}
      />
      <TextInput
        label="Slug"
        required
        description={
          editing
            ? 'The address of the article: /news/<slug>. Changing it breaks existing links.'
            : 'Filled in from the title: lower case, spaces become hyphens.'
        }
        error={errors.slug?.message}
        {...form.register('slug')}
      />
      <Textarea
        label="Excerpt"
        description="Optional short summary shown in the news list."
        autosize
        minRows={2}
        error={errors.excerpt?.message}
        {...form.register('excerpt')}
      />
      <Textarea
        label="Content"
        required
        description="Line breaks are kept as written."
        autosize
        minRows={10}
        error={errors.content?.message}
        {...form.register('content')}
      />
    </EditorShell>
  );
}
