import { deleteById } from './delete-by-id';

export function deleteGlossaryTerm(id: string) {
  return deleteById('glossary', id);
}
