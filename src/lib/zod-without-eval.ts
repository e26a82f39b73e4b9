// zod builds faster object parsers with `new Function` when the page allows it. The app's CSP
// forbids eval, and Chromium reports even the probe zod runs to find that out as a violation.
// main.tsx imports this first, before any module defines a schema.
import { config } from 'zod';

config({ jitless: true });
