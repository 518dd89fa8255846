// times the worker's phases on the seeded bench database, in one thread
const { randomUUID } = require('node:crypto');
const path = process.argv[2] || '/tmp/rp/data/reclaim.sqlite';
const D = require('better-sqlite3');
const db = new D(path);
const runId = randomUUID();
db.prepare(`insert into impact_run (id, definition_id, draft_version, checksum, state, checked, changed_count, created_at) values (?, 'sdlt_refund', 1, 'x', 'running', 0, 0, ?)`).run(runId, Date.now());
const draft = db.prepare(`select json from definition_version where definition_id='sdlt_refund' order by version desc limit 1`).get();
db.close();
const { openImpactStore } = require('/work/wt/replay/api/dist/modules/definitions/impact/impact-store.js');
const engine = require('@reclaim/engine');
const { flattenAnswers } = require('/work/wt/replay/api/dist/modules/assessments/validate-answers.js');
(async () => {
  const def = engine.loadDefinition(JSON.parse(draft.json), { parameterSets: [JSON.parse(require('node:fs').readFileSync('/work/wt/replay/definitions/parameters/sdlt.json','utf8'))] });
  const store = await openImpactStore({ driver: 'sqlite', path });
  const t = { read: 0, parse: 0, eval: 0, write: 0 };
  let after = null, n = 0;
  const range = { from: null, to: '20000000-0000-0000-0000-000000000000' };
  const cpu0 = process.cpuUsage(); const w0 = performance.now();
  for (;;) {
    let s = performance.now();
    const page = await store.page('sdlt_refund', range, after, 250);
    t.read += performance.now() - s;
    if (!page.length) break;
    after = page[page.length - 1].id;
    const rows = [];
    for (const r of page) {
      s = performance.now();
      const answers = flattenAnswers(JSON.parse(r.answers));
      t.parse += performance.now() - s; s = performance.now();
      const res = await engine.evaluateAssessment({ definition: def, answers, asOf: r.as_of });
      t.eval += performance.now() - s;
      rows.push({ assessment_id: r.id, client_name: r.client_name, claim_reference: r.reference, before_likelihood: r.before_likelihood, after_likelihood: String(res.eligibility?.likelihood), before_approach: r.before_approach, after_approach: String(res.complexity?.serviceApproach), before_value: r.before_value, after_value: Number(res.value?.estimates?.median ?? 0), changes: 1 });
    }
    s = performance.now();
    await store.write(runId, rows, rows.length);
    t.write += performance.now() - s;
    n += page.length;
  }
  const cpu = process.cpuUsage(cpu0);
  console.log('rows', n, 'wall ms', Math.round(performance.now() - w0), 'cpu ms', Math.round((cpu.user + cpu.system) / 1000));
  for (const k in t) console.log(k, (t[k] * 1000 / n).toFixed(1), 'µs/row');
  await store.close();
  const db2 = new D(path); db2.prepare('delete from impact_run where id = ?').run(runId); db2.prepare('delete from impact_run_row where run_id = ?').run(runId); db2.close();
})();
