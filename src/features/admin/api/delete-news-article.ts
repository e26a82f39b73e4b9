import { deleteById } from './delete-by-id';

export function deleteNewsArticle(id: string) {
  return deleteById('news', id);
}
