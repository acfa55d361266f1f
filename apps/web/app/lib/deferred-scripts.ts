/**
 * Scripts wait until the page has loaded and painted.
 *
 * Every public page arrives complete from the server: its text, links, images and menus work
 * before any script runs. The scripts (about 145 KB compressed) only make it interactive. On a
 * phone on the show's busy 4G network they would otherwise share the first second with the
 * HTML and the images the visitor came to see. So, in production, the server hands the page
 * out with React Router's module preloads and boot script switched off (deferred-scripts.server.ts),
 * and the small script below switches them back on once the page's `load` event has fired and
 * the next frame is painted, or 3 s after the document was parsed if some image is slow.
 * Forms keep their submit button disabled until React has taken over (use-hydrated.ts).
 */

/** What the server writes instead of `rel="modulepreload"`: a link the browser ignores. */
export const DEFERRED_PRELOAD_REL = 'deferred-modulepreload';
/** What the server writes instead of `type="module"` on the boot script: a script not run. */
export const DEFERRED_SCRIPT_TYPE = 'deferred-module';

/**
 * The inline script that turns them back on. It also fetches the page's translations, which
 * hydration needs, at the same time as the modules.
 */
export function deferredScriptsStarter(translationsUrl: string): string {
  return `(function(){
var started=false;
function start(){
if(started)return;started=true;
var t=document.createElement('link');t.rel='preload';t.as='fetch';t.crossOrigin='anonymous';t.href=${JSON.stringify(translationsUrl)};document.head.append(t);
document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){l.rel='modulepreload';});
var s=document.querySelector('script[type="${DEFERRED_SCRIPT_TYPE}"]');if(!s)return;
var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;document.head.append(m);
}
function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0);});}
if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint);
document.addEventListener('DOMContentLoaded',function(){setTimeout(start,3000);});
})();`;
}
