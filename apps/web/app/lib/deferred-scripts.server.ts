import { DEFERRED_DATA_TYPE, DEFERRED_PRELOAD_REL, DEFERRED_SCRIPT_TYPE } from './deferred-scripts';

/** How React Router's inline data scripts begin. */
const DATA_SCRIPT = 'window.__reactRouterContext';

/**
 * Switches off, in the HTML stream, what React Router's <Scripts> writes to start the page's
 * JavaScript: its module preloads (React hoists them into <head>), its boot module script and
 * its inline data scripts (compiling the loader data it serializes there took 10 to 20 ms of this
 * machine's main thread while the page was being read, 40 to 80 ms on Lighthouse's phone). The
 * starter script of deferred-scripts.ts switches them back on after the first paint. A tag is
 * never cut: the text after the last '>' of a chunk waits for the next chunk, and so does a
 * script tag until the first characters of its content, which say whether it is a data script,
 * have arrived. The links React Router writes to the page's style sheets are disabled: the sheets
 * are in the page's <style> already (entry.server.tsx), and a disabled sheet is not fetched.
 * Hydration still finds each link where it expects it (React matches a link by its rel and href).
 */
export function deferScripts(): TransformStream<string, string> {
  let pending = '';
  const rewrite = (html: string) =>
    html
      .replaceAll('<link rel="modulepreload"', `<link rel="${DEFERRED_PRELOAD_REL}"`)
      .replace(/<link([^>]*) rel="stylesheet" href="\/assets\//g, '<link$1 rel="stylesheet" disabled="" href="/assets/')
      .replace(/<script([^>]*) type="module" async="">/g, `<script$1 type="${DEFERRED_SCRIPT_TYPE}">`)
      .replaceAll(
        /<script([^>]*)>window\.__reactRouterContext/g,
        `<script$1 type="${DEFERRED_DATA_TYPE}">${DATA_SCRIPT}`,
      );
  /** Where the part of `text` that can be rewritten now ends. */
  const safeEnd = (text: string) => {
    let end = text.lastIndexOf('>') + 1;
    const open = text.lastIndexOf('<script');
    const close = open < 0 ? -1 : text.indexOf('>', open);
    // The last script tag, and too little of what follows it to say whether it is a data script.
    if (close >= 0 && close + 1 + DATA_SCRIPT.length > end) end = Math.min(end, open);
    return end;
  };
  return new TransformStream({
    transform(chunk, controller) {
      const text = pending + chunk;
      const end = safeEnd(text);
      pending = text.slice(end);
      if (end) controller.enqueue(rewrite(text.slice(0, end)));
    },
    flush(controller) {
      if (pending) controller.enqueue(rewrite(pending));
    },
  });
}
