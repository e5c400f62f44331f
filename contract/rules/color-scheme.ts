/**
 * The cookie in which the app keeps the visitor's color scheme choice (`light`, `dark` or
 * `auto`) beside its local storage, so the server can draw a public dashboard's first paint in
 * that scheme. A display hint only.
 */
export const COLOR_SCHEME_COOKIE = 'strata-color-scheme';
