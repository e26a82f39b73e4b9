import { useEffect, useId } from 'react';

/**
 * Forms with unsaved input register here so app-wide actions that would wipe the page (an
 * update reload) can wait until nothing would be lost.
 */
const dirtyForms = new Set<string>();

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

export function useUnsavedChanges(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return;
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [id, isDirty]);
}
