// No imports: the build's pre-render step (scripts/prerender, loaded with the Vite config, which
// knows no `@/` alias) writes the element the app reads.

/** The id of the `<script type="text/plain">` block listing a page's own route code. */
export const ROUTE_CODE_ID = 'bimaguide-route-code';

/**
 * A path the block may list: the app's own scripts, as the build names them. The build refuses
 * to write anything else, and the app reads no list with anything else in it.
 */
export const ROUTE_SCRIPT_PATH = /^\/\w[\w./-]*\.js$/;
