"use strict";
// Board diagrams drawn when their card first comes into view
// (docs/review.md#a-boards-card). Every diagram element and its text
// alternative is in the page; what it draws waits in its data-draw attribute.
// The cards are content-visibility:auto, so the browser tells each one when it
// starts being rendered. Registered in the head, before any card is parsed.
(function () {
  function draw(root) {
    for (const svg of root.querySelectorAll("svg.board[data-draw]")) {
      svg.innerHTML = svg.dataset.draw;
      svg.removeAttribute("data-draw");
    }
  }
  if ("oncontentvisibilityautostatechange" in HTMLElement.prototype) {
    document.addEventListener("contentvisibilityautostatechange", (e) => {
      if (!e.skipped) draw(e.target);
    }, true);
  } else {
    document.addEventListener("DOMContentLoaded", () => draw(document));
  }
  // Printing shows every card.
  window.addEventListener("beforeprint", () => draw(document));
})();
