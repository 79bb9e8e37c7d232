// The score in one line, for the top bar of the phone layout (`#score` in table.html).

/** Show `text` as the table's score line (the page hides it where the board shows the score). */
export function showScore(text) {
  const line = document.getElementById("score");
  if (line) line.textContent = text;
}
