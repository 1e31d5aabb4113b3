/**
 * What `zod` means in the browser build (vite.config.ts aliases it here). Zod 4 probes once
 * whether `new Function` is allowed, to compile fast object parsers; our CSP forbids eval, so the
 * probe fails, is caught, and Chromium still reports a CSP violation on every page that builds a
 * schema (Lighthouse's best practices: "issues logged"). `jitless` skips the probe; the forms'
 * schemas are small and parse as fast without it. It runs before any schema is built: a module
 * importing `zod` evaluates this one, config included, before its own body.
 */
import { config } from 'zod/v4';

config({ jitless: true });

// `zod/v4` is the same build as `zod` (one global config), under a name the alias leaves alone.
export * from 'zod/v4';
