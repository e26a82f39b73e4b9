import { useWatch, type Control } from 'react-hook-form';
import type { PolicyFormValues, PolicySubmission } from '@/domain/tracker';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';

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
  const t = useT();
  const used = useWatch({ control, name })?.length ?? 0;
  const limit = formatIndianNumber(max);
  return used === 0
    ? t('tracker.length.limit', { limit })
    : t('tracker.length.used', { used: formatIndianNumber(used), limit });
}
