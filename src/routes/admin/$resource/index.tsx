import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/config/site';
import { loadAdminResource } from './-load';

export const Route = createFileRoute('/admin/$resource/')({
  loader: ({ params }) => loadAdminResource(params.resource),
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.titles.list ?? '') }] }),
  component: ResourceList,
});

function ResourceList() {
  const resource = Route.useLoaderData();
  return <resource.List />;
}
