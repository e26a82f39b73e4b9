import { nextTask } from './next-task';
import { ROUTE_CODE_ID, ROUTE_SCRIPT_PATH } from './route-code-id';

/**
 * The page's own route code as the build listed it (scripts/prerender: the pre-rendered pages
 * and the dashboard's shell), each file after the files it imports; none on other pages.
 * Only the app's own scripts: nothing from elsewhere is imported.
 */
export function listedRouteCode(): string[] {
  // Paths separated by spaces (scripts/prerender/compose.ts); anything else is not the build's
  // list, and the router loads the page's code itself.
  const files = (document.getElementById(ROUTE_CODE_ID)?.textContent ?? '')
    .split(' ')
    .filter(Boolean);
  return files.every((file) => ROUTE_SCRIPT_PATH.test(file)) ? files : [];
}

/**
 * Evaluates `files` one per task, in their order (issue 22: total blocking time). Fetched
 * already, they would otherwise all be evaluated together in the task that loads the page,
 * one long task at a slow phone's speed (the FAQ's zod, Dexie and schemas in one); in the
 * listed order each import finds what its file imports evaluated and runs that file alone. A
 * file that fails to load is left to the router, which loads the page's code and says so.
 */
export async function evaluateInTurn(
  files: readonly string[],
  load: (file: string) => Promise<unknown> = (file) => import(/* @vite-ignore */ file),
): Promise<void> {
  for (const file of files) {
    try {
      await load(file);
    } catch {
      return;
    }
    await nextTask();
  }
}
