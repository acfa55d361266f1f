/**
 * The floor plan's weight, on PostgreSQL (BENCH_DATABASE_URL, default the local
 * server) with the demo data:
 * - a hall of 300 stands, 260 of them taken, drawn by the server: the SVG of /plan-2024, gzipped
 *   at level 9, against 100 KB;
 * - the JavaScript plan-2024 loads, the zoom's module included (imported once the page has its
 *   scripts), over the heaviest of the other main public pages, against 30 KB;
 * - how many plans a second one instance answers (autocannon, BENCH_SECONDS each, default 10):
 *   the API's, kept with the directory's answers, and the page drawn from it.
 *
 *   npm run bench:floor-plan   (builds first)
 */
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { scriptFiles } from './lib/page-scripts';
import { printTable, startServer, withBenchDatabase } from './start-server';

const STANDS = 300;
const TAKEN = 260;
const SVG_BUDGET_KB = 100;
const JS_BUDGET_KB = 30;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const OTHER_PAGES = ['/', '/annuaire', '/programme-du-forum', '/infos-pratiques'];

const kb = (bytes: number) => bytes / 1024;

/** The hall's drawing in the page: its `<svg class="hall-plan">` to its own end (features draw icons as nested SVGs). */
function hallDrawing(html: string): string {
  const start = html.indexOf('<svg class="hall-plan"');
  if (start < 0) return '';
  const tag = /<svg\b|<\/svg>/g;
  tag.lastIndex = start;
  let depth = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[0] === '</svg>' ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index + m[0].length);
  }
  return '';
}
const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

const result = await withBenchDatabase(async (url) => {
  const server = await startServer({ DATABASE_URL: url, DEMO_DATA: 'true' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // 2024's Hall A (other editions have a Hall A too), 200 × 140: 15 rows of 20 stands of 6 × 4,
    // numbered.
    const { rows } = await client.query<{ id: number; edition: number }>(
      `update gates set plan_width = 200, plan_height = 140
       where name = 'Hall A' and event_id = (select id from events where year = 2024)
       returning id, event_id as edition`,
    );
    if (rows.length !== 1) throw new Error(`2024's Hall A: ${rows.length} halls found`);
    const { id: hall, edition } = rows[0]!;
    await client.query('delete from stands where gate_id = $1', [hall]);
    await client.query(
      `insert into stands (event_id, gate_id, number, x, y, width, height)
       select $3, $1, 'A-' || lpad(i::text, 3, '0'), 5 + ((i - 1) % 20) * 9, 5 + ((i - 1) / 20) * 9, 6, 4
       from generate_series(1, $2::int) i`,
      [hall, STANDS, edition],
    );
    await client.query(
      `with u as (
         insert into users (type, role_id, name, email, username, company, confirmed)
         select 'exhibitor', 1, 'Contact ' || i, 'plan-' || i || '@example.com', 'plan-' || i || '@example.com',
                'Entreprise Générale du Bâtiment ' || i, true
         from generate_series(1, $2::int) i returning id)
       insert into registrations (event_id, user_id, type, confirmed, gate_id, booth)
       select $3, id, 'exhibitor', true, $1, 'A-' || lpad((row_number() over (order by id))::text, 3, '0') from u`,
      [hall, TAKEN, edition],
    );

    const html = await (await fetch(`${server.base}/plan-2024?hall=hall-a`)).text();
    const svg = hallDrawing(html);
    const drawn = (svg.match(/data-stand="/g) ?? []).length;

    const scripts = async (page: string, withDynamic: boolean) => {
      const files = scriptFiles(await (await fetch(`${server.base}${page}`)).text());
      let bytes = 0;
      for (let i = 0; i < files.length; i++) {
        const body = Buffer.from(await (await fetch(new URL(files[i]!, server.base))).arrayBuffer());
        bytes += gz(body);
        // The plan's modules import the zoom when they run: counted with them.
        if (withDynamic) {
          for (const [, spec] of body.toString().matchAll(/import\("(\.\/[^"]+\.js)"\)/g)) {
            const dynamic = new URL(spec!, new URL(files[i]!, server.base)).pathname;
            if (!files.includes(dynamic)) files.push(dynamic);
          }
        }
      }
      return { files: files.length, bytes };
    };
    // Visitors in the halls, all at once: the plan's data, and the page drawn from it.
    const load = async (path: string, connections: number) => {
      const run = await autocannon({ url: server.base + path, connections, duration: DURATION });
      return { rate: Math.round(run.requests.average), p99: run.latency.p99, errors: run.non2xx + run.errors };
    };
    const api = await load('/backend/api/floor-plan', 50);
    // A page costs a render: fewer at once, or the figure is only the queue's length.
    const page = await load('/plan-2024?hall=hall-a', 10);

    const plan = await scripts('/plan-2024', true);
    const others = await Promise.all(OTHER_PAGES.map((p) => scripts(p, false)));
    const heaviest = Math.max(...others.map((o) => o.bytes));
    return { svgBytes: svg.length, svgGz: gz(svg), drawn, plan, heaviest, api, page };
  } finally {
    await client.end();
    await server.stop();
  }
});

const svgOk = result.drawn === STANDS && kb(result.svgGz) <= SVG_BUDGET_KB;
const extra = kb(result.plan.bytes - result.heaviest);
const jsOk = extra <= JS_BUDGET_KB;
printTable(
  ['measure', 'value', 'budget', ''],
  [
    [
      `SVG of a hall of ${STANDS} stands (${TAKEN} taken), ${result.drawn} drawn`,
      `${kb(result.svgBytes).toFixed(1)} KB, ${kb(result.svgGz).toFixed(1)} KB gz`,
      `${SVG_BUDGET_KB} KB gz`,
      svgOk ? 'PASS' : 'MISS',
    ],
    [
      `JS of plan-2024 with the zoom (${result.plan.files} files) over the heaviest other page`,
      `${kb(result.plan.bytes).toFixed(1)} − ${kb(result.heaviest).toFixed(1)} = ${extra.toFixed(1)} KB gz`,
      `${JS_BUDGET_KB} KB gz`,
      jsOk ? 'PASS' : 'MISS',
    ],
    ...(
      [
        ['GET /backend/api/floor-plan, 50 connections', result.api],
        [`plan-2024 of the hall of ${STANDS} stands, 10 connections`, result.page],
      ] as const
    ).map(([what, r]) => [what, `${r.rate} req/s, p99 ${r.p99} ms, ${r.errors} errors`, '', '']),
  ],
);
if (!svgOk || !jsOk) process.exitCode = 1;
