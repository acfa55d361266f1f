// Run beside apps/api/dist (scripts/docker-smoke.sh, in the image): one badge drawn by the badge
// PDF thread, with an Arabic name and a Tifinagh job, must embed Noto Sans Arabic and Tifinagh.
import { Buffer } from 'node:buffer';
import console from 'node:console';
import process from 'node:process';
import { URL, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// execArgv: the thread must not inherit this script's --input-type.
const worker = new Worker(new URL('badge-pdf-worker.js', pathToFileURL(`${process.cwd()}/`)), { execArgv: [] });
const data = {
  token: `SIB1${'A'.repeat(15)}.${'A'.repeat(86)}`,
  type: 'visitor',
  lang: 'fr',
  name: 'محمد بن عبد الله',
  company: 'Atlas للبناء SARL',
  jobPosition: 'ⵜⴰⵎⴰⵣⵉⵖⵜ',
  event: { name: 'Salon', edition: 6, startsOn: '2024-05-29', endsOn: '2024-06-01', city: 'Marrakech' },
  hours: [],
  issuedAt: new Date(0),
};
worker.on('message', ({ pdf, error }) => {
  void worker.terminate();
  const text = pdf ? Buffer.from(pdf).toString('latin1') : '';
  const fonts = ['NotoSansArabic-Bold', 'NotoSansTifinagh-Regular'].filter((f) => !text.includes(`+${f}`));
  if (error || fonts.length > 0) {
    console.error(error ?? `the badge does not embed ${fonts.join(', ')}`);
    process.exitCode = 1;
  } else console.info(`badge-fonts-check: ${pdf.length} bytes, Noto Sans Arabic and Tifinagh embedded`);
});
worker.postMessage({ id: 1, data });
