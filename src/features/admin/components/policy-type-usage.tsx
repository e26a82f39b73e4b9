import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { countPoliciesUsingType } from '../api/count-policies-using-type';

/** How many policies a type has, said before it is deleted (issue 9). */
export function PolicyTypeUsage({ typeId }: { typeId: string }) {
  const [usage, setUsage] = useState<{ id: string; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    void countPoliciesUsingType(typeId).then((result) => {
      if (!live) return;
      let text: string;
      if (!result.ok)
        text = `Could not count the policies using this type: ${result.error.message}`;
      else if (result.data === 0) text = 'No policies use this type.';
      else {
        text = `${result.data} ${result.data === 1 ? 'policy uses' : 'policies use'} this type. ${
          result.data === 1 ? 'It will be kept' : 'They will be kept'
        }, with the type shown as 'N/A'.`;
      }
      setUsage({ id: typeId, text });
    });
    return () => {
      live = false;
    };
  }, [typeId]);
  return (
    <Text fz="sm" c="dimmed" aria-live="polite">
      {usage?.id === typeId ? usage.text : 'Counting the policies that use this type...'}
    </Text>
  );
}
