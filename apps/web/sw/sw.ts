// Tend's service worker (served at /sw.js, scope /; built by scripts/build-service-worker.ts): it
// keeps the app and today's checklist usable offline and shows Web Push reminders.
import './offline';
import './push';
