// Stopping a child started with `detached: true` (its own process group), with whatever it
// started. Plain Node: it may import node: modules only.

/**
 * SIGINT to the whole group (the emulators shut down on it), SIGKILL after 20 s if it has not
 * exited; then SIGKILL to what is left of the group (the Functions emulator's workers share it).
 */
export async function stopProcessGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    return;
  }
  const timer = setTimeout(() => killGroup(child), 20_000);
  await exited;
  clearTimeout(timer);
  killGroup(child);
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
