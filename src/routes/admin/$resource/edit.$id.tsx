import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/config/site';
import { loadAdminResource } from './-load';

export const Route = createFileRoute('/admin/$resource/edit/$id')({
  loader: ({ params }) => loadAdminResource(params.resource),
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.titles.edit ?? '') }] }),
  component: EditRecord,
});

function EditRecord() {
  const resource = Route.useLoaderData();
  const { id } = Route.useParams();
  // Keyed by id so moving between two records starts from a fresh form.
  return <resource.Editor key={id} id={id} />;
}
