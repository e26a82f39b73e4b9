import { useState } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { isUniqueViolation, slugify } from '@/domain/admin';
import { glossaryInputSchema, type GlossaryInput, type GlossaryValues } from '@/domain/schemas';
import { toast } from '@/lib/toast';
import { createGlossaryTerm } from '../api/create-glossary-term';
import { fetchGlossaryTerm } from '../api/fetch-glossary-term';
import { updateGlossaryTerm } from '../api/update-glossary-term';
import { EditorShell } from '../components/editor-shell';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useRecordLoader } from '../hooks/use-record-loader';

const empty: GlossaryInput = { term: '', slug: '', definition: '', context: '' };

/** /admin/glossary/new (no id) and /admin/glossary/edit/{id}. */
export function GlossaryEditorPage({ id }: { id?: string }) {
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm<GlossaryInput, unknown, GlossaryValues>({
    resolver: zodResolver(glossaryInputSchema),
    defaultValues: empty,
  });
  const { errors, isDirty, isSubmitted } = form.formState;
  const { allowLeave, modal } = useLeaveGuard(isDirty);
  const backToList = () => navigate({ to: '/admin/glossary' });

  const { loading } = useRecordLoader({
    id,
    load: fetchGlossaryTerm,
    errorTitle: 'Error fetching term',
    onLoaded: (t) =>
      form.reset({
        term: t.term,
        slug: t.slug,
        definition: t.definition,
        context: t.context ?? '',
      }),
    onFailed: () => {
      allowLeave();
      void backToList();
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    const result = editing
      ? await updateGlossaryTerm(id, values)
      : await createGlossaryTerm(values);
    setSaving(false);
    if (!result.ok) {
      if (isUniqueViolation(result.error)) {
        form.setError(
          'slug',
          { message: 'Another term already uses this slug. Choose a different slug.' },
          { shouldFocus: true },
        );
      }
      toast({
        title: 'Error saving term',
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Success', description: editing ? 'Term updated.' : 'Term created.' });
    allowLeave();
    void backToList();
  });

  return (
    <EditorShell
      title={editing ? 'Edit Term' : 'Create Term'}
      loading={loading}
      saving={saving}
      submitLabel="Save Term"
      onSubmit={(e) => void onSubmit(e)}
      onCancel={() => void backToList()}
      guard={modal}
    >
      <TextInput
        label="Term"
        required
        error={errors.term?.message}
        {...form.register('term', {
          onChange: (e: { target: { value: string } }) => {
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
            ? 'The address of the term: /glossary/<slug>. Changing it breaks existing links.'
            : 'Filled in from the term: lower case, spaces become hyphens.'
        }
        error={errors.slug?.message}
        {...form.register('slug')}
      />
      <Textarea
        label="Definition"
        required
        autosize
        minRows={4}
        error={errors.definition?.message}
        {...form.register('definition')}
      />
      <Textarea
        label="Context"
        description="Optional: an example or where the term comes up."
        autosize
        minRows={3}
        error={errors.context?.message}
        {...form.register('context')}
      />
    </EditorShell>
  );
}
