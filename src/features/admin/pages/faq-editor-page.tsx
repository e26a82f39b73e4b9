import { useState } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { faqInputSchema, type FaqInput, type FaqValues } from '@/domain/schemas';
import { toast } from '@/lib/toast';
import { createFaq } from '../api/create-faq';
import { fetchFaq } from '../api/fetch-faq';
import { updateFaq } from '../api/update-faq';
import { EditorShell } from '../components/editor-shell';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useRecordLoader } from '../hooks/use-record-loader';

const empty: FaqInput = { question: '', answer: '' };

/** /admin/faqs/new (no id) and /admin/faqs/edit/{id}. */
export function FaqEditorPage({ id }: { id?: string }) {
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm<FaqInput, unknown, FaqValues>({
    resolver: zodResolver(faqInputSchema),
    defaultValues: empty,
  });
  const { errors, isDirty } = form.formState;
  const { allowLeave, modal } = useLeaveGuard(isDirty);
  const backToList = () => navigate({ to: '/admin/faqs' });

  const { loading } = useRecordLoader({
    id,
    load: fetchFaq,
    errorTitle: 'Error fetching FAQ',
    onLoaded: (f) => form.reset({ question: f.question, answer: f.answer }),
    onFailed: () => {
      allowLeave();
      void backToList();
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    const result = editing ? await updateFaq(id, values) : await createFaq(values);
    setSaving(false);
    if (!result.ok) {
      toast({
        title: 'Error saving FAQ',
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Success', description: editing ? 'FAQ updated.' : 'FAQ created.' });
    allowLeave();
    void backToList();
  });

  return (
    <EditorShell
      title={editing ? 'Edit FAQ' : 'Create FAQ'}
      loading={loading}
      saving={saving}
      submitLabel="Save FAQ"
      onSubmit={(e) => void onSubmit(e)}
      onCancel={() => void backToList()}
      guard={modal}
    >
      <TextInput
        label="Question"
        required
        error={errors.question?.message}
        {...form.register('question')}
      />
      <Textarea
        label="Answer"
        required
        autosize
        minRows={5}
        error={errors.answer?.message}
        {...form.register('answer')}
      />
    </EditorShell>
  );
}
