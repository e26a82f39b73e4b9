import { useId, type KeyboardEvent } from 'react';
import { useT } from '@/lib/use-i18n';
import { Box, Group, Slider, Text } from '@mantine/core';

export interface PercentSliderProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  error?: string | undefined;
}

/** Steps a PageUp/PageDown or Shift+Arrow press moves (spec §2). */
const LARGE_STEP_MULTIPLIER = 10;

function largeStepDirection(event: KeyboardEvent): 1 | -1 | 0 {
  if (event.key === 'PageUp') return 1;
  if (event.key === 'PageDown') return -1;
  if (!event.shiftKey) return 0;
  if (event.key === 'ArrowUp' || event.key === 'ArrowRight') return 1;
  if (event.key === 'ArrowDown' || event.key === 'ArrowLeft') return -1;
  return 0;
}

/**
 * Percentage slider with its label and value always visible. Mantine's Slider handles
 * arrows (±1 step) and Home/End but not PageUp/PageDown or Shift+Arrow, so those are caught
 * on a wrapper in the capture phase, before Mantine's own handler would treat Shift+Arrow as
 * a single step.
 */
export function PercentSlider({
  label,
  value,
  onChange,
  min,
  max,
  step,
  error,
}: PercentSliderProps) {
  const labelId = useId();
  const t = useT();
  const errorId = useId();

  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = largeStepDirection(event);
    if (direction === 0) return;
    event.preventDefault();
    event.stopPropagation();
    const next = Math.min(max, Math.max(min, value + direction * LARGE_STEP_MULTIPLIER * step));
    onChange(next);
  };

  return (
    <Box>
      <Group justify="space-between" mb={36} gap="xs">
        <Text id={labelId} component="span" fw={500} size="sm">
          {label}
        </Text>
        <Text component="span" size="sm">
          {t('calc.percentRange', { min, max })}
        </Text>
      </Group>
      <Box onKeyDownCapture={handleKeyDownCapture} mb="md" px="xs">
        <Slider
          value={value}
          onChange={onChange}
          min={min}
          max={max}
          step={step}
          label={(v) => `${v}%`}
          labelAlwaysOn
          thumbLabel={label}
          thumbValueText={(v) => `${v}%`}
          thumbProps={error ? { 'aria-describedby': errorId } : {}}
          aria-labelledby={labelId}
        />
      </Box>
      {error ? (
        <Text id={errorId} c="red" size="sm">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
