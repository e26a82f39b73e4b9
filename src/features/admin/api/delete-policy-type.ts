import { deleteById } from './delete-by-id';

/**
 * Removes a global type. Policies that use it are kept: the foreign key is ON DELETE SET
 * NULL, so they lose their type (shown as 'N/A') and the change syncs to their owners.
 */
export function deletePolicyType(id: string) {
  return deleteById('policy_types', id);
}
