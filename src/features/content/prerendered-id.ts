// No imports: the build's pre-render step (scripts/prerender, loaded with the Vite config, which
// knows no `@/` alias) writes the element the app reads.

/** The id of the `<script type="application/json">` block a pre-rendered page's content is in. */
export const PRERENDERED_CONTENT_ID = 'bimaguide-content';
