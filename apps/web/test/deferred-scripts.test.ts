import { describe, expect, it } from 'vitest';
import { deferScripts } from '../app/lib/deferred-scripts.server';

const page =
  '<html><head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/é.js"/>' +
  '</head><body><p>Accès — 29 mai</p><script nonce="n">window.x = 1;</script>' +
  '<script nonce="n">window.__reactRouterContext = {"url":"/"};</script>' +
  '<script nonce="n" type="module" async="">import "/assets/a.js";</script>' +
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>';

async function rewritten(chunks: string[]): Promise<string> {
  const input = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const reader = input.pipeThrough(deferScripts()).getReader();
  let out = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) out += read.value;
  return out;
}

describe('deferring the page scripts in the HTML stream', () => {
  it('disables the links to the screens’ style sheets: the server wrote the sheets into the page', async () => {
    const html = await rewritten([
      '<head><style id="site-css">.a{}</style><link nonce="n" rel="stylesheet" href="/assets/home-x.css"/>',
      '<link rel="stylesheet" href="/assets/info-y.css"/></head>',
    ]);
    expect(html).toBe(
      '<head><style id="site-css">.a{}</style><link nonce="n" rel="stylesheet" disabled="" href="/assets/home-x.css"/>' +
        '<link rel="stylesheet" disabled="" href="/assets/info-y.css"/></head>',
    );
  });

  it('turns the module preloads, the boot module and React Router’s data scripts into tags the browser leaves alone', async () => {
    const html = await rewritten([page]);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.match(/rel="deferred-modulepreload"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="n" type="deferred-module">import "/assets/a.js";</script>');
    expect(html).toContain(
      '<script nonce="n" type="deferred-data">window.__reactRouterContext = {"url":"/"};</script>',
    );
    expect(html).toContain(
      '<script nonce="n" type="deferred-data">window.__reactRouterContext.streamController.enqueue("[1]");</script>',
    );
    // Any other inline script runs as the page is read (the image fallback, scroll restoration).
    expect(html).toContain('<script nonce="n">window.x = 1;</script>');
    expect(html).toContain('<p>Accès — 29 mai</p>');
  });

  it('gives the same page wherever the stream happens to be cut', async () => {
    const whole = await rewritten([page]);
    for (let cut = 1; cut < page.length; cut++) {
      expect(await rewritten([page.slice(0, cut), page.slice(cut)])).toBe(whole);
    }
  });
});
