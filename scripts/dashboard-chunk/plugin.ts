// The dashboard's own code in one file (issue 22: the installed app's cold open on the dashboard
// ≤ 600 ms). Split by the bundler's defaults, what the dashboard needs beyond the entry came as
// about 150 files, most of a few hundred bytes, each made from the set of lazy parts that share
// it. Each file costs the page's thread work of its own however small (the preload scanner's
// request, the response's tasks, the compile, the module record, the preload helper's lookups):
// a trace showed 60 ms just to request them and some 3,300 small tasks as they arrived, and the
// cold open's first 250–350 ms went on it.
//
// Which modules can share a file is decided from the bundler's own chunks, not guessed from the
// module graph: it keeps or drops each import statement by what is used (an icon or a Mantine
// hook one module imports and never calls is dropped), so a prediction kept placing a module in
// a chunk that imports the dashboard's file while that file imports it (which the build refuses,
// see scripts/prerender/route-shell.ts). A first build, not written, gives the chunks; the real
// build then gathers the modules chosen below into one chunk.
//
// A second file does the same for what every page shows a signed-in user and only them: the
// account menu, the due-renewals badge and the background sync load together on each page once
// someone is signed in (the dashboard's cold open among them), as some 23 files of their own.
// Nothing a signed-out visitor can load imports it.
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { DASHBOARD_MODULES, routePreloads, type ShellChunk } from '../prerender/route-shell.ts';

/** Set while the first build runs: vite.config.ts leaves out what only the real build needs. */
export const CHUNK_SURVEY_ENV = 'BIMAGUIDE_CHUNK_SURVEY';

/**
 * Lazy parts public code imports that only someone on the way to the tracker loads: its routes
 * (the route table names them all; those under /policy-tracker/ and the invitations' page
 * beside them, which asks to sign in before its code loads, not the tracker's intro, which
 * anyone can open), the admin's (not its sign-in page), and the dashboard's store read (started
 * by the tracker's guard). Their chunks may import the dashboard's file. Any other lazy part
 * public code can load must not, or a public page would fetch the dashboard's code: a public
 * route, the phone menu, a calculator, the toasts, the session check, and what every page shows
 * a signed-in user (the account menu, the due-renewals badge, the background sync).
 */
const signedInPart =
  /\/src\/(?:routes\/_site\/policy-tracker(?:\/|_\.)|routes\/admin\/|features\/admin\/|features\/tracker\/prefetch\.ts$)/;

/**
 * The lazy parts every page loads once someone is signed in, and never for a signed-out visitor
 * (src/routes/-components/site-shell.tsx renders them for a user only, src/routes/__root.tsx the
 * background sync).
 */
const signedInEverywhere =
  /\/src\/features\/(?:auth\/account-menu|reminders\/due-count-badge|tracker\/background-sync)\.tsx$/;

/** Whether a lazy part (by its module) can load on a page nobody is signed in to. */
const signedOutPart = (id: string) => !signedInPart.test(id) && !signedInEverywhere.test(id);
/** Whether it can load on a page outside the tracker (the dashboard's file must not). */
const publicPart = (id: string) => !signedInPart.test(id);

/**
 * A library this large keeps its own file (Dexie, zod; supabase-js is the session check's on
 * every page anyway): the browser compiles a large script on another thread while it streams
 * in, and the file stays cached across releases of the app's own code.
 */
const OWN_FILE_BYTES = 40_000;

function largeLibrary(chunk: SurveyChunk): boolean {
  return (
    chunk.size > OWN_FILE_BYTES && chunk.moduleIds.every((id) => id.includes('/node_modules/'))
  );
}

export interface SurveyChunk extends ShellChunk {
  isDynamicEntry: boolean;
  /** The chunks it imports lazily (files). */
  dynamicImports: string[];
  /** The modules in the chunk (absolute ids). */
  moduleIds: string[];
  /** The chunk's code length. */
  size: number;
}

/** `files` and every chunk they import statically, directly or not. */
function staticClosure(chunks: ReadonlyMap<string, SurveyChunk>, files: Iterable<string>) {
  const seen = new Set<string>();
  const stack = [...files];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}

/**
 * The chunks the entry and the lazy parts `admitted` can load, with what they import: a lazy
 * part loaded only by code not reached this way (the tracker's calendar file, its icons by
 * name) is not one of them. The result imports nothing outside itself.
 */
function reachableChunks(
  chunks: ReadonlyMap<string, SurveyChunk>,
  admitted: (id: string) => boolean,
): Set<string> {
  const roots = new Set([...chunks].filter(([, chunk]) => chunk.isEntry).map(([file]) => file));
  for (;;) {
    const reached = staticClosure(chunks, roots);
    const before = roots.size;
    for (const file of reached) {
      for (const lazy of chunks.get(file)?.dynamicImports ?? []) {
        if (admitted(chunks.get(lazy)?.facadeModuleId ?? '')) roots.add(lazy);
      }
    }
    if (roots.size === before) return reached;
  }
}

/** A large library's chunks among `files`, with all they import. */
function largeLibraries(chunks: ReadonlyMap<string, SurveyChunk>, files: Iterable<string>) {
  return staticClosure(
    chunks,
    [...files].filter((file) => {
      const chunk = chunks.get(file);
      return chunk !== undefined && largeLibrary(chunk);
    }),
  );
}

/** The modules of `files`, less lazy parts' own (a lazy part keeps its chunk and its name). */
function groupModules(chunks: ReadonlyMap<string, SurveyChunk>, files: string[]): Set<string> {
  const lazyModules = new Set(
    [...chunks.values()].flatMap((chunk) =>
      chunk.isDynamicEntry && chunk.facadeModuleId ? [chunk.facadeModuleId] : [],
    ),
  );
  return new Set(
    files.flatMap((file) => chunks.get(file)?.moduleIds ?? []).filter((id) => !lazyModules.has(id)),
  );
}

/**
 * The modules of the dashboard's file, from a build's chunks: those of every chunk the dashboard
 * loads beyond the entry's (its shell's list) that no public page can load and no large library
 * imports. Nothing outside can then import the file except a lazy part's own chunk, which the
 * file never imports: no two chunks import each other. A lazy part's own module (the dashboard's
 * route, a catalog) keeps its chunk, so what loads lazily still loads lazily, by the same name.
 */
export function dashboardChunkModules(
  chunks: ReadonlyMap<string, SurveyChunk>,
  roots: string[] = DASHBOARD_MODULES,
): Set<string> {
  const dashboard = routePreloads(new Map(chunks), roots).scripts;
  const apart = new Set([
    ...reachableChunks(chunks, publicPart),
    ...largeLibraries(chunks, dashboard),
  ]);
  return groupModules(
    chunks,
    dashboard.filter((file) => !apart.has(file)),
  );
}

/**
 * The modules of the signed-in parts' file: those of every chunk the parts every page shows a
 * signed-in user load that nothing a signed-out visitor loads can, and no large library imports.
 * What is left out imports nothing outside itself, so no file of it imports this one back
 * (a lazy part's own module stays in its chunk: the build's check, scripts/prerender, refuses
 * a cycle through one).
 */
export function signedInChunkModules(chunks: ReadonlyMap<string, SurveyChunk>): Set<string> {
  const parts = [...chunks]
    .filter(
      ([, chunk]) => chunk.isDynamicEntry && signedInEverywhere.test(chunk.facadeModuleId ?? ''),
    )
    .map(([file]) => file);
  const loaded = staticClosure(chunks, parts);
  const apart = new Set([
    ...reachableChunks(chunks, signedOutPart),
    ...largeLibraries(chunks, loaded),
  ]);
  return groupModules(
    chunks,
    [...loaded].filter((file) => !apart.has(file)),
  );
}

/** The chunks of a build's output, as the selection reads them. */
export function surveyChunks(outputs: readonly Rollup.OutputChunk[]): Map<string, SurveyChunk> {
  return new Map(
    outputs.map((chunk) => [
      chunk.fileName,
      {
        isEntry: chunk.isEntry,
        isDynamicEntry: chunk.isDynamicEntry,
        dynamicImports: chunk.dynamicImports,
        facadeModuleId: chunk.facadeModuleId,
        imports: chunk.imports,
        moduleIds: chunk.moduleIds,
        size: chunk.code.length,
      },
    ]),
  );
}

/**
 * Throws when a chunk the entry or a public lazy part loads imports the dashboard's file, or
 * one a signed-out visitor's page loads imports the signed-in parts' file: the selections above
 * would have let that code into every page.
 */
export function assertGroupsPrivate(
  chunks: ReadonlyMap<string, SurveyChunk>,
  files: { dashboard: string[]; signedIn: string[] },
): void {
  const publicFiles = reachableChunks(chunks, publicPart);
  for (const file of files.dashboard) {
    if (publicFiles.has(file)) {
      throw new Error(`A public page's code imports the dashboard's file ${file}`);
    }
  }
  const signedOutFiles = reachableChunks(chunks, signedOutPart);
  for (const file of files.signedIn) {
    if (signedOutFiles.has(file)) {
      throw new Error(`A signed-out visitor's page imports the signed-in parts' file ${file}`);
    }
  }
}

export interface GroupTests {
  plugin: Plugin;
  /** Whether a module goes in the dashboard's file. */
  dashboard: (id: string) => boolean;
  /** Whether a module goes in the signed-in parts' file. */
  signedIn: (id: string) => boolean;
}

export function dashboardChunk(): GroupTests {
  let dashboard = new Set<string>();
  let signedIn = new Set<string>();
  let config: ResolvedConfig;
  return {
    plugin: {
      name: 'bimaguide:dashboard-chunk',
      // The browser build only (the pages' server build is one file), and not the survey itself.
      apply: (userConfig, { command }) =>
        command === 'build' && !userConfig.build?.ssr && !process.env[CHUNK_SURVEY_ENV],
      configResolved(resolved) {
        config = resolved;
      },
      async buildStart() {
        process.env[CHUNK_SURVEY_ENV] = '1';
        try {
          const result = await build({
            configFile: config.configFile,
            mode: config.mode,
            root: config.root,
            logLevel: 'warn',
            build: { write: false, emptyOutDir: false },
          });
          const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
          const survey = surveyChunks(
            outputs.flatMap((output) => output.output.filter((item) => item.type === 'chunk')),
          );
          dashboard = dashboardChunkModules(survey);
          signedIn = signedInChunkModules(survey);
        } finally {
          Reflect.deleteProperty(process.env, CHUNK_SURVEY_ENV);
        }
      },
      generateBundle(_options, bundle) {
        const chunks = surveyChunks(Object.values(bundle).filter((item) => item.type === 'chunk'));
        const holding = (members: Set<string>) =>
          [...chunks]
            .filter(([, chunk]) => chunk.moduleIds.some((id) => members.has(id)))
            .map(([file]) => file);
        assertGroupsPrivate(chunks, { dashboard: holding(dashboard), signedIn: holding(signedIn) });
      },
    },
    dashboard: (id) => dashboard.has(id),
    signedIn: (id) => signedIn.has(id),
  };
}
