import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * One form per calculator: validate with the domain schema, compute on submit, and drop the
 * result as soon as an input changes so a figure on screen always matches the inputs above it.
 */
export function useCalculatorForm<TValues extends FieldValues, TInput, TResult>(
  schema: z.ZodType<TInput, TValues>,
  defaultValues: DefaultValues<TValues>,
  calculate: (input: TInput) => TResult | null,
) {
  const form = useForm<TValues, unknown, TInput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [result, setResult] = useState<TResult | null>(null);

  const { watch } = form;
  useEffect(() => {
    const subscription = watch(() => setResult(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const onSubmit = form.handleSubmit(
    (input) => setResult(calculate(input)),
    () => setResult(null),
  );

  return { form, result, onSubmit };
}
