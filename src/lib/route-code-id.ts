// No imports: the build's pre-render step (scripts/prerender, loaded with the Vite config, which
// knows no `@/` alias) writes the element the app reads.

/** The id of the `<script type="text/plain">` block listing a page's own route code. */
export const ROUTE_CODE_ID = 'bimaguide-route-code';
