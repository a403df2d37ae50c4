/**
 * A distinct name for the n-th person a test registers. Names are letters only (issue 23
 * item 3: no digits), so the counter is spelt in letters: 0 'A', 25 'Z', 26 'Aa', 27 'Ab'.
 */
export function lettersFor(n: number): string {
  let rest = n + 1;
  let letters = '';
  while (rest > 0) {
    rest -= 1;
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  }
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

/** 'Guest A', 'Guest B', ...: `prefix` and the counter in letters. */
export const numberedName = (prefix: string, n: number) => `${prefix} ${lettersFor(n)}`;
