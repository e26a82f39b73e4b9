import { useState } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  useForm,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { isUniqueViolation, slugify } from '@/domain/admin';
import { toast } from '@/lib/toast';
import { EditorShell } from '../components/editor-shell';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useRecordLoader } from '../hooks/use-record-loader';
import { slugTexts, type FieldDescription, type ResourceDescription } from './resource';

interface FieldProps<Input extends FieldValues, Values> {
  field: FieldDescription<Input>;
  form: UseFormReturn<Input, unknown, Values>;
  editing: boolean;
  /** Runs on every keystroke (the slug's source field). */
  onType?: (value: string) => void;
}

function Field<Input extends FieldValues, Values>({
  field,
  form,
  editing,
  onType,
}: FieldProps<Input, Values>) {
  const description =
    typeof field.description === 'object'
      ? field.description[editing ? 'edit' : 'create']
      : field.description;
  const common = {
    label: field.label,
    required: field.required,
    description,
    placeholder: field.placeholder,
    error: form.getFieldState(field.name, form.formState).error?.message,
    ...form.register(field.name, {
      onChange: onType ? (e: { target: { value: string } }) => onType(e.target.value) : undefined,
    }),
  };
  if (field.kind === 'textarea') return <Textarea autosize minRows={field.minRows} {...common} />;
  return field.plain ? (
    <TextInput autoComplete="off" spellCheck={false} {...common} />
  ) : (
    <TextInput {...common} />
  );
}

/** /admin/<path>/new (no id) and /admin/<path>/edit/<id>, for any described resource. */
export function ResourceEditorPage<Row extends { id: string }, Input extends FieldValues, Values>({
  resource,
  id,
}: {
  resource: ResourceDescription<Row, Input, Values>;
  id?: string;
}) {
  const { api, editor } = resource;
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(editor.schema),
    defaultValues: editor.empty,
  });
  const { isDirty, isSubmitted } = form.formState;
  const { allowLeave, modal } = useLeaveGuard(isDirty);
  const backToList = () =>
    navigate({ to: '/admin/$resource', params: { resource: resource.path } });

  const { loading } = useRecordLoader({
    id,
    load: api.get,
    errorTitle: editor.fetchError,
    onLoaded: (row) => form.reset(editor.toInput(row)),
    onFailed: () => {
      allowLeave();
      void backToList();
    },
  });

  const followSlug = (value: string) => {
    if (editing || !editor.slug) return;
    // Path values are not narrowed for a generic form; the slug field is a text field.
    form.setValue(editor.slug.into, slugify(value) as PathValue<Input, Path<Input>>, {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
  };

  const slugWords = editor.slug
    ? slugTexts(
        editor.slug,
        editor.fields.find((f) => f.name === editor.slug?.from)?.label ?? editor.slug.from,
      )
    : undefined;
  const unique =
    editor.unique ??
    (editor.slug && slugWords ? { field: editor.slug.into, message: slugWords.taken } : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    const result = editing ? await api.update(id, values) : await api.create(values);
    setSaving(false);
    if (!result.ok) {
      if (unique && isUniqueViolation(result.error)) {
        form.setError(unique.field, { message: unique.message }, { shouldFocus: true });
      }
      toast({ title: editor.saveError, description: result.error.message, variant: 'destructive' });
      return;
    }
    toast(editing ? editor.saved.updated : editor.saved.created);
    allowLeave();
    void backToList();
  });

  const { After } = editor;
  return (
    <EditorShell
      title={editing ? editor.editTitle : resource.list.createLabel}
      loading={loading}
      saving={saving}
      submitLabel={editor.submitLabel}
      onSubmit={(e) => void onSubmit(e)}
      onCancel={() => void backToList()}
      guard={modal}
    >
      {editor.fields.map((field) => (
        <Field
          key={field.name}
          field={
            field.name === editor.slug?.into && slugWords
              ? { ...field, description: slugWords }
              : field
          }
          form={form}
          editing={editing}
          onType={field.name === editor.slug?.from ? followSlug : undefined}
        />
      ))}
      {After ? <After control={form.control} /> : null}
    </EditorShell>
  );
}
