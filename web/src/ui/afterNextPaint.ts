/**
 * Calls `callback` once the browser has painted its next frame: in a task after the next animation
 * frame, whose paint comes between the two. A tab in the background paints no frames: then after
 * `timeoutMs`. Returns a function that cancels the call.
 */
export function afterNextPaint(callback: () => void, timeoutMs = 100): () => void {
  let timer = setTimeout(run, timeoutMs);
  const frame = requestAnimationFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  });
  function cancel() {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  }
  function run() {
    cancel();
    callback();
  }
  return cancel;
}
