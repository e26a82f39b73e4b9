import { measureStalls } from './stall.ts';
const runs = await measureStalls(Number(process.env.T ?? 2000));
for (const r of runs) console.log(r.database, r.attackerStatus, r.attackerMs.toFixed(0), r.bystanderMs.map((m) => m.toFixed(0)).join(','), r.bystanderErrors);
process.exit(0);
