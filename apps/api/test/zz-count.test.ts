import { test } from 'vitest';
import { createTestApp } from './helper';
test('count', async () => {
  const ctx = await createTestApp();
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, any>> };
  let total = 0, declared = 0; const missing: string[] = [];
  for (const [p, ops] of Object.entries(spec.paths)) for (const [m, op] of Object.entries(ops)) {
    total++;
    const r = Object.values(op.responses ?? {}).some((x: any) => x?.content);
    if (r) declared++; else missing.push(`${m.toUpperCase()} ${p}`);
  }
  console.log(total, declared, '\n' + missing.join('\n'));
}, 60000);
