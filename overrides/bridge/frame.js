/* A page shown inside another site's frame (issue 30, item 5). A meta policy cannot carry
 * frame-ancestors and GitHub Pages sends no X-Frame-Options, so any site can frame these pages: there
 * the page says so at the top, with a link that opens it on its own, and the teacher kit refuses what
 * cannot be undone (clearing progress: progress.js). A frame of the site's own origin is not foreign.
 * foreignFrame() -> bool; frameNotice(T) puts the notice at the top of the article.
 */
import { el } from "./dom.js";

export function foreignFrame() {
  if (window.top === window.self) return false;
  try {
    return window.top.location.origin !== window.location.origin;  // another site's page throws here
  } catch (e) { return true; }
}

export function frameNotice(T) {
  var article = document.querySelector(".md-content__inner") || document.body;
  var box = el("p", { "class": "aula-frame-notice", role: "alert" }, T.frame_notice + " ");
  var link = el("a", { href: location.href, target: "_blank", rel: "noopener" }, T.frame_open);
  box.appendChild(link);
  article.insertBefore(box, article.firstChild);
  return box;
}
