import { createContext, useContext } from 'react';

/** The CSP nonce of the page being rendered on the server; undefined in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);

/**
 * The site's base sheet (app.css) and the sheets of the screens the page shows, written into each
 * page's <head> in production: the first paint then needs no second request. The server gives
 * the text and its nonce; in the browser, hydration reads the text back from the page. Empty in
 * development (Vite serves the sheets).
 */
export const InlineStyleContext = createContext<{ css: string; nonce?: string }>({ css: '' });
export const INLINE_STYLE_ID = 'site-css';
export const useInlineStyle = () => useContext(InlineStyleContext);
