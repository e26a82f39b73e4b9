import type { TestProject } from 'vitest/node';
import { serveDist } from '../../server/static';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await serveDist('dist');
  project.provide('baseUrl', app.url);
  return async () => {
    await app.close();
  };
}
