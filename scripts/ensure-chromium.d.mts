// Types of ensure-chromium.mjs (a plain ES module, run by `npm test` before TypeScript is there).
export declare const CHROMIUM_PATH: string;
/** Installs Debian's Chromium when /usr/bin/chromium is missing; false when it could not. */
export declare function ensureChromium(options?: { quiet?: boolean }): boolean;
