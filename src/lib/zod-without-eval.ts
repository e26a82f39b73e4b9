// zod builds faster object parsers with `new Function` when the page allows it. The app's CSP
// forbids eval, and Chromium reports even the probe zod runs to find that out as a violation.
// main.tsx imports this first, before any module defines a schema. From zod/mini, whose setting
// is the one both builds read (zod/v4/core), so the full zod stays out of the first download.
import { config } from 'zod/mini';

config({ jitless: true });
