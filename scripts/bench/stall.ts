import { startServer } from '../../server/index.ts';
import type { RunningServer } from '../../server/index.ts';
import { postgresAdminUrl, withPostgresServer } from './postgres.ts';

export interface StallRun {
  database: 'pglite' | 'postgres';
  statementTimeoutMs: number;
  /** How long the worst-case request took to be refused, and with which status. */
  attackerMs: number;
  attackerStatus: number;
  /** A signed-in user's simple select sent while the worst case runs: each wait, in ms. */
  bystanderMs: number[];
  bystanderErrors: number;
}

const TYPE_HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const ROWS = 100;

interface Account {
  id: string;
  token: string;
}

async function signUp(api: RunningServer, tag: string): Promise<Account> {
  const response = await fetch(`${api.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${tag}-${Date.now()}@example.com`, password: 'bench-1' }),
  });
  if (!response.ok) throw new Error(`sign up failed: ${response.status}`);
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { id: body.user.id, token: body.access_token };
}

/**
 * The worst request a signed-in user may send about their own data: 100 policies each
 * covering the same 100 people, embedded back and forth four levels deep — 10^8 rows of JSON,
 * far past any statement timeout. RLS allows all of it; only the timeout stops it.
 */
async function seedAttacker(api: RunningServer, userId: string): Promise<void> {
  await api.query(
    `insert into public.policies (id, user_id, policy_type_id, insurer_name, policy_number,
       start_date, next_renewal_date)
     select gen_random_uuid(), $1::uuid, $2::uuid, 'Insurer ' || g, 'STALL-' || g,
            date '2024-01-01', date '2025-01-01'
       from generate_series(1, ${ROWS}) g`,
    [userId, TYPE_HEALTH],
  );
  await api.query(
    `insert into public.people (id, user_id, name, relationship)
     select gen_random_uuid(), $1::uuid, 'Person ' || g, 'Self' from generate_series(1, ${ROWS}) g`,
    [userId],
  );
  await api.query(
    `insert into public.policy_members (policy_id, person_id, user_id)
     select p.id, m.id, $1::uuid from public.policies p cross join public.people m
      where p.user_id = $1::uuid and m.user_id = $1::uuid`,
    [userId],
  );
}

const WORST = '/rest/v1/people?select=name,policies(policy_number,people(name,policies(id)))';
const SIMPLE = '/rest/v1/policies?select=*&order=next_renewal_date.asc';

async function timed(api: RunningServer, path: string, token: string) {
  const started = performance.now();
  const response = await fetch(`${api.url}${path}`, {
    headers: { apikey: api.anonKey, Authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/**
 * Sends the worst case, then, while it runs, one bystander request every `gapMs` until the
 * worst case is refused: each bystander's wait is what one heavy request costs everyone else.
 */
export async function measureStall(
  api: RunningServer,
  database: StallRun['database'],
  statementTimeoutMs: number,
  gapMs = 500,
): Promise<StallRun> {
  const attacker = await signUp(api, 'attacker');
  const bystander = await signUp(api, 'bystander');
  await seedAttacker(api, attacker.id);
  const waits: number[] = [];
  let errors = 0;
  let done = false;
  const worst = timed(api, WORST, attacker.token).finally(() => {
    done = true;
  });
  await new Promise((r) => setTimeout(r, 100));
  while (!done) {
    const b = await timed(api, SIMPLE, bystander.token);
    waits.push(b.ms);
    if (b.status !== 200) errors += 1;
    await new Promise((r) => setTimeout(r, gapMs));
  }
  const w = await worst;
  return {
    database,
    statementTimeoutMs,
    attackerMs: w.ms,
    attackerStatus: w.status,
    bystanderMs: waits,
    bystanderErrors: errors,
  };
}

/**
 * Runs the measurement on PGlite, and on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL
 * names a server where a throwaway database may be created.
 */
export async function measureStalls(statementTimeoutMs = 8000): Promise<StallRun[]> {
  const runs: StallRun[] = [];
  const common = {
    port: 0,
    quiet: true,
    bcryptCost: 4,
    statementTimeoutMs,
    reminders: { intervalMs: 0 },
  };
  const lite = await startServer({ dataDir: 'memory', ...common });
  try {
    runs.push(await measureStall(lite, 'pglite', statementTimeoutMs));
  } finally {
    await lite.stop();
  }
  const admin = postgresAdminUrl();
  if (!admin) return runs;
  runs.push(
    await withPostgresServer(admin, common, (server) =>
      measureStall(server, 'postgres', statementTimeoutMs),
    ),
  );
  return runs;
}
