import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' useId in the build (scripts/mantine-id/plugin.ts). Mantine's sets
 * a random id in a layout effect once mounted, so every Mantine part that names an element (a
 * modal, an input's label, a menu) rendered twice, the second time synchronously inside the
 * commit of the first: on the dashboard's cold open that re-render, and the effects React must
 * run before it, made the first commit one long task (issue 22). React's own id is stable from
 * the first render, the same in a pre-rendered page and in its hydration, and unique within the
 * one root the app renders.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/:/g, '')}`;
}
