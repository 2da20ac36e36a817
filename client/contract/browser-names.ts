// Names the server's markup and the browser's code share: cookies, localStorage keys and a class.

export const themeCookie = 'theme';
export const announcementCookie = 'announcement-dismissed';
/** Set once the browser has the web font in its cache: pages then paint in it (client/web-font.ts). */
export const webFontCookie = 'web-font';
export const preferredVersionKey = 'docs-preferred-version-default';

/** The class on <html> under which the article's blocks are laid out lazily (client/lazy-layout.ts). */
export const lazyLayoutClass = 'lazy-layout';
