import type { RunningServer } from '../../server/index.ts';

export interface ServerLoadReport {
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * 20 clients on loopback, each sending the next request as soon as the last answered: the
 * dashboard's own query (a signed-in user's policies, RLS deciding), for a fixed time.
 */
export async function measureServerLoad(
  api: RunningServer,
  clients = 20,
  seconds = 10,
): Promise<ServerLoadReport> {
  const email = `bench-load-${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const signup = await fetch(`${api.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signup.ok) throw new Error(`sign up failed: ${signup.status}`);
  const { access_token: token, user } = (await signup.json()) as {
    access_token?: string;
    user: { id: string };
  };
  const accessToken = token ?? (await signIn(api, email, password));
  await api.query(
    `insert into public.policies (user_id, policy_type_id, insurer_name, policy_number,
       start_date, next_renewal_date, renewal_frequency, sum_insured, premium_amount)
     select $1::uuid, '6f1a0c2e-0000-4000-8000-000000000002'::uuid, 'Insurer ' || g,
            'LOAD-' || g, date '2024-01-01', date '2025-01-01', 'yearly', 100000, 1000
       from generate_series(1, 20) g`,
    [user.id],
  );
  const url = `${api.url}/rest/v1/policies?select=*&order=next_renewal_date.asc`;
  const headers = { apikey: api.anonKey, Authorization: `Bearer ${accessToken}` };
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - t0);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    clients,
    seconds: elapsed,
    requests: latencies.length,
    errors,
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
  };
}

async function signIn(api: RunningServer, email: string, password: string): Promise<string> {
  const response = await fetch(`${api.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
