import { DEFERRED_PRELOAD_REL, DEFERRED_SCRIPT_TYPE } from './deferred-scripts';

/**
 * Switches off, in the HTML stream, what React Router's <Scripts> writes to start the page's
 * JavaScript: its module preloads (React hoists them into <head>) and its boot module script.
 * The starter script of deferred-scripts.ts switches them back on after the first paint.
 * A tag is never cut: the text after the last '>' of a chunk waits for the next chunk.
 */
export function deferScripts(): TransformStream<string, string> {
  let pending = '';
  const rewrite = (html: string) =>
    html
      .replaceAll('<link rel="modulepreload"', `<link rel="${DEFERRED_PRELOAD_REL}"`)
      .replace(/<script([^>]*) type="module" async="">/g, `<script$1 type="${DEFERRED_SCRIPT_TYPE}">`);
  return new TransformStream({
    transform(chunk, controller) {
      const text = pending + chunk;
      const end = text.lastIndexOf('>') + 1;
      pending = text.slice(end);
      if (end) controller.enqueue(rewrite(text.slice(0, end)));
    },
    flush(controller) {
      if (pending) controller.enqueue(rewrite(pending));
    },
  });
}
