import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/config/site';
import { loadAdminResource } from './-load';

export const Route = createFileRoute('/admin/$resource/new')({
  loader: ({ params }) => loadAdminResource(params.resource),
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.titles.create ?? '') }] }),
  component: CreateRecord,
});

function CreateRecord() {
  const resource = Route.useLoaderData();
  return <resource.Editor />;
}
