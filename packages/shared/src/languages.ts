/** The languages Tend speaks (DESIGN "Interop and reach"): a person's choice, kept in their profile. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The one inline script of the two pages the build renders to HTML in English, the landing page
 * and sign-in (scripts/build-web.ts puts it at the top of their <head>; the Content Security
 * Policy allows exactly this text, by its hash, apps/api/src/plugins/security-headers.ts). Their
 * JavaScript draws them afresh in another language (apps/web/src/app/take-over-page.tsx), so a
 * Spanish visitor would see the English HTML for a moment first. Before anything is painted, it
 * works out the page's language as the web app will (the choice stored on this device, else the
 * browser's first language Tend speaks: apps/web/src/i18n/i18n.ts, initialLanguage) and, when it
 * is not English, hides the page until the app has drawn it (or for 4 s at most, should the
 * app's code not arrive). In English it does nothing more than that reading: the English first
 * load paints as soon as before, with the same HTML plus these few hundred bytes.
 */
export const LANGUAGE_GATE_SCRIPT =
  '(function(){var d=document.documentElement,k=' +
  JSON.stringify(LANGUAGES) +
  ',l=null;try{l=localStorage.getItem("tend.language")}catch(e){}' +
  'if(k.indexOf(l)<0){l="en";var p=navigator.languages||[navigator.language];' +
  'for(var i=0;i<p.length;i++){var b=String(p[i]).toLowerCase().split("-")[0];' +
  'if(k.indexOf(b)>=0){l=b;break}}}' +
  'if(l!=="en"){d.style.visibility="hidden";setTimeout(function(){d.style.visibility=""},4000)}})()';
