/**
 * Scripts wait until the page has loaded and painted; on the pages that are read, until the
 * visitor's first interaction (READING_PAGES below).
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
import type { ScriptStart } from '@salon/shared';
import { PAGE_ROUTES } from '../config/page-routes';

/** What the server writes instead of `rel="modulepreload"`: a link the browser ignores. */
export const DEFERRED_PRELOAD_REL = 'deferred-modulepreload';
/** What the server writes instead of `type="module"` on the boot script: a script not run. */
export const DEFERRED_SCRIPT_TYPE = 'deferred-module';
/**
 * The type the server gives React Router's inline data scripts (its context, and the loader data
 * it streams into it): the browser neither compiles nor runs them until the page's scripts start,
 * which runs them, in the page's order, just before the boot module.
 */
export const DEFERRED_DATA_TYPE = 'deferred-data';

/**
 * Pages that are read, not used: their controls are links, <details> menus and GET forms that
 * work before any script (and without). Their scripts start at the visitor's first interaction
 * (a touch, a key, a mouse move, a scroll), or when a part that needs them comes near the
 * screen or one of its anchors is named by the address (`data-needs-scripts="id …"`: the home
 * page's forms; the ids are listed on the part because React may still hold the streamed part
 * out of its place, hidden, when the document is parsed), not after
 * the first paint: a visitor who only reads never pays for hydrating the page (decision 025).
 * Leaf route ids: the rows of the site's table that say `scripts: 'on-interaction'`.
 */
export const READING_PAGES: ReadonlySet<string> = new Set(
  PAGE_ROUTES.filter(({ page }) => page.scripts === 'on-interaction').map(({ id }) => id),
);

/**
 * The attribute of the part a page opens at when its address names no anchor (the plan's frame
 * when `?stand=` names a stand: an address typed or kept from before the site's links said
 * `#plan`). The starter below scrolls it into view once the document is parsed, before the page's
 * scripts, as a `#plan` would: nothing moves the page later, when they start.
 */
export const OPENS_HERE = 'data-opens-here';

/**
 * The inline script that turns them back on. It also fetches the page's translations, which
 * hydration needs, at the same time as the modules, and puts an image's `data-fallback` in
 * place when its file fails to load, scripts or not (FallbackImg). An interaction while the page
 * is still arriving (a touch or a scroll on a slow network) starts them once the document is
 * parsed: before that, the boot module may be missing or only half there, and copying it then
 * left the page without its scripts for good.
 */
export function deferredScriptsStarter(translationsUrl: string, when: ScriptStart = 'after-paint'): string {
  const trigger =
    when === 'on-interaction'
      ? `['pointerdown','touchstart','keydown','focusin','mousemove','wheel','scroll'].forEach(function(e){addEventListener(e,start,{capture:true,passive:true,once:true});});
function named(){var id=decodeURIComponent(location.hash.slice(1));return !!id&&[].some.call(document.querySelectorAll('[data-needs-scripts]'),function(p){return p.getAttribute('data-needs-scripts').split(' ').indexOf(id)>=0;});}
function near(){if(named())return start();
var parts=document.querySelectorAll('[data-needs-scripts]');if(!parts.length)return;if(!window.IntersectionObserver)return start();
var o=new IntersectionObserver(function(es){if(es.some(function(e){return e.isIntersecting;})){o.disconnect();start();}},{rootMargin:'600px 0px'});parts.forEach(function(p){o.observe(p);});}
addEventListener('hashchange',function(){if(named())start();});
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',near);else near();`
      : `function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0);});}
if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint);
document.addEventListener('DOMContentLoaded',function(){setTimeout(start,3000);});`;
  return `(function(){
var started=false;
function start(){
if(started)return;
if(document.readyState==='loading'){document.addEventListener('DOMContentLoaded',start);return;}
started=true;
document.querySelectorAll('script[type="${DEFERRED_DATA_TYPE}"]').forEach(function(d){var c=document.createElement('script');c.nonce=d.nonce;c.textContent=d.textContent;d.replaceWith(c);});
var t=document.createElement('link');t.rel='preload';t.as='fetch';t.crossOrigin='anonymous';t.href=${JSON.stringify(translationsUrl)};document.head.append(t);
document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){l.rel='modulepreload';});
var s=document.querySelector('script[type="${DEFERRED_SCRIPT_TYPE}"]');if(!s)return;
var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;document.head.append(m);
}
${trigger}
document.addEventListener('DOMContentLoaded',function(){var o=document.querySelector('[${OPENS_HERE}]');if(o&&!location.hash&&!scrollY)o.scrollIntoView();});
function fallback(img){var f=img.getAttribute('data-fallback');if(f&&img.getAttribute('src')!==f)img.src=f;}
document.addEventListener('error',function(e){if(e.target instanceof HTMLImageElement)fallback(e.target);},true);
document.addEventListener('DOMContentLoaded',function(){document.querySelectorAll('img[data-fallback]').forEach(function(i){if(i.complete&&!i.naturalWidth)fallback(i);});});
})();`;
}
