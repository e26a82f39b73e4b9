// Hosted twin of server/storage/cleanup.ts (issue 17): removes the stored files of deleted
// policy documents (a document deleted on its own, every document of a deleted policy, files
// left by a deleted account). Hosted Storage refuses direct deletes from storage.objects, so
// the files go through the Storage API with the service role; which files, the database says
// (public.policy_document_files_to_remove, service role only). See README.md for scheduling.
// tests/integration/storage/hosted-cleanup.test.ts runs it under Deno against the local server.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { env, isServiceRole, json } from '../_shared/http.ts';

const BUCKET = 'policy-documents';
/** The database function's own cap per call. */
const PAGE = 1000;

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed' });
  if (!isServiceRole(req)) return json(401, { message: 'Only the service role may run this' });
  const supabase = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  let removed = 0;
  for (;;) {
    const { data, error } = await supabase.rpc('policy_document_files_to_remove', { max: PAGE });
    if (error) return json(500, { message: error.message, removed });
    const names = (Array.isArray(data) ? data : []).filter(
      (n): n is string => typeof n === 'string',
    );
    if (names.length === 0) break;
    const gone = await supabase.storage.from(BUCKET).remove(names);
    if (gone.error) return json(500, { message: gone.error.message, removed });
    removed += gone.data.length;
    // Nothing removed although files were listed: stop rather than ask for the same page again.
    if (names.length < PAGE || gone.data.length === 0) break;
  }
  return json(200, { removed });
});
