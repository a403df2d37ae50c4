/**
 * A distinct name for the n-th person a script registers. The API takes names in letters
 * only (issue 23 item 3: no digits), so the counter is spelt in letters: 0 'A', 25 'Z', 26 'Aa'.
 */
export function numberedName(prefix, n) {
  let rest = n + 1;
  let letters = '';
  while (rest > 0) {
    rest -= 1;
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  }
  return `${prefix} ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}
