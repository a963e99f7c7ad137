/**
 * Zod probes `new Function` to speed up object parsing; the site's CSP forbids eval, so in the
 * browser the probe only raises a CSP violation. `z.config({ jitless: true })` turns it off, but
 * importing zod here would put it in the first download, so this writes the same setting to the
 * global object that `z.config` keeps it in (shared by every copy of zod). It must run before any
 * schema module, which all load later in lazy chunks. configure-zod.test.ts checks zod reads it.
 */
// Set on the object itself: a zod already loaded holds a reference to it, not to the global's name.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
export {};
