import type { ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import { faqsResource } from './faqs';
import { glossaryResource } from './glossary';
import { newsResource } from './news';
import { policyTypesResource } from './policy-types';
import type { ResourceDescription } from './resource';
import { ResourceEditorPage } from './resource-editor-page';
import { ResourceListPage } from './resource-list-page';

/** A described resource with its screens bound, as the routes and the menus use it. */
export interface AdminResource extends Pick<
  ResourceDescription<{ id: string }, FieldValues, unknown>,
  'icon' | 'tile'
> {
  path: string;
  label: string;
  titles: { list: string; create: string; edit: string };
  List: ComponentType;
  Editor: ComponentType<{ id?: string }>;
}

function bind<Row extends { id: string }, Input extends FieldValues, Values>(
  resource: ResourceDescription<Row, Input, Values>,
): AdminResource {
  return {
    path: resource.path,
    label: resource.label,
    icon: resource.icon,
    tile: resource.tile,
    titles: {
      list: resource.list.title,
      create: resource.list.createLabel,
      edit: resource.editor.editTitle,
    },
    List: () => <ResourceListPage resource={resource} />,
    Editor: ({ id }) => <ResourceEditorPage resource={resource} id={id} />,
  };
}

/** Every content resource, in the sidebar's order. A new one is a description added here. */
export const adminResources: readonly AdminResource[] = [
  bind(newsResource),
  bind(glossaryResource),
  bind(faqsResource),
  bind(policyTypesResource),
];

/** The resource at /admin/<path>, or undefined for a path that names none. */
export function findAdminResource(path: string): AdminResource | undefined {
  return adminResources.find((r) => r.path === path);
}
