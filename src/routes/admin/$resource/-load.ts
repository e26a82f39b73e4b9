import { notFound } from '@tanstack/react-router';

/**
 * The described admin resource at /admin/<path>; an unknown path is a 404. Imported on demand
 * so the admin screens stay out of every other route's first download.
 */
export async function loadAdminResource(path: string) {
  const { findAdminResource } = await import('@/features/admin');
  const resource = findAdminResource(path);
  if (!resource) throw notFound();
  return resource;
}
