import { deleteById } from './delete-by-id';

export function deleteFaq(id: string) {
  return deleteById('faqs', id);
}
