// Tend's production entry (`npm run serve`, and what the smoke check, chaos and bench start). Plain
// JavaScript on purpose: it runs before any TypeScript is loaded. See docs/decisions/017.
import { enableCompileCache } from 'node:module';
import v8 from 'node:v8';

// A server waits on its database and its clients far more than on its own heap: keep the young
// generation small and collect the old one sooner, so memory stays near what is live (~160 MB
// after a minute of load rather than ~400 MB) at no throughput cost we could measure.
v8.setFlagsFromString('--optimize-for-size');

// Node keeps each module's type-stripped and compiled code on disk (under the system's temporary
// directory, or NODE_COMPILE_CACHE); from the second start on, the TypeScript stripper is never
// loaded (~17 MB less) and start-up skips the work. A missing or stale cache is simply rebuilt.
enableCompileCache();

// V8's mid-tier optimizing compiler (Maglev) stays off while Tend starts: start-up runs many
// functions hot just once (migrations, building schemas and routes), and what Maglev's threads
// allocated compiling them stayed with the process, ~6 MB of an idle server. main.ts turns it on
// again once Tend listens, so requests are compiled as before (docs/decisions/042), unless the
// operator turned it off themselves (node --no-maglev, NODE_OPTIONS).
const { holdMaglevWhileStarting } = await import('./lib/startup-garbage.ts');
holdMaglevWhileStarting();

await import('./main.ts');
