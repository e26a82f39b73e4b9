import { useWatch, type Control } from 'react-hook-form';
import type { PolicyFormValues, PolicySubmission } from '@/domain/tracker';

type TextField = 'additional_details' | 'nominee_name' | 'tpa_name' | 'agent_name';

interface LengthHintProps {
  control: Control<PolicyFormValues, unknown, PolicySubmission>;
  name: TextField;
  max: number;
}

/**
 * A text field's limit, stated before the user reaches it: 'Up to 2,000 characters', then
 * '11 of 2,000 characters used'. Its own component so only it re-renders on each keystroke.
 */
export function LengthHint({ control, name, max }: LengthHintProps) {
  const used = useWatch({ control, name })?.length ?? 0;
  const limit = max.toLocaleString('en-IN');
  return used === 0
    ? `Up to ${limit} characters`
    : `${used.toLocaleString('en-IN')} of ${limit} characters used`;
}
