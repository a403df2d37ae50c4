// The sound and buzz of an outcome (admitted, already checked in, not found...): Web Audio tones
// and navigator.vibrate where the device supports them. Silent when it does not.
import { SIGNALS, type Outcome } from './checkin.js';

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) return null;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume();
    return context;
  } catch {
    return null;
  }
}

export function signal(outcome: Outcome): void {
  const spec = SIGNALS[outcome];
  if (!spec) return;
  try {
    navigator.vibrate?.(spec.vibrate);
  } catch {
    // Some browsers refuse vibration without a gesture: the colour and text still tell.
  }
  const ctx = audio();
  if (!ctx) return;
  let at = ctx.currentTime;
  for (const tone of spec.tones) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = tone.hz;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.ms / 1000);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + tone.ms / 1000 + 0.02);
    at += tone.ms / 1000 + 0.04;
  }
}
