/**
 * The ring's sound and the flashing tab title. The tone is generated (WebAudio: no file to load)
 * and plays only where the tab may already play sound: the browser's autoplay rule and the
 * device's own mute or silent mode decide, and a refusal is silence, never an error.
 */
export function startRingAlert(callerName: string, doc: Document = document): () => void {
  const stopTone = startTone();
  const original = doc.title;
  const calling = `📞 ${callerName} is calling…`;
  let flip = false;
  const timer = setInterval(() => {
    flip = !flip;
    doc.title = flip ? calling : original;
  }, 1000);
  doc.title = calling;
  return () => {
    clearInterval(timer);
    doc.title = original;
    stopTone();
  };
}

type AudioContextCtor = new () => AudioContext;

function startTone(): () => void {
  const Ctor = (globalThis as { AudioContext?: AudioContextCtor }).AudioContext;
  // Before any user gesture on the page the browser would refuse (and warn): do not ask.
  const activated = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive;
  if (!Ctor || activated === false) return () => {};
  let ctx: AudioContext;
  try {
    ctx = new Ctor();
  } catch {
    return () => {};
  }
  let timer: ReturnType<typeof setInterval> | undefined;
  /** Two short 440/480 Hz bursts, the sound people know as a phone ringing. */
  const burst = () => {
    if (ctx.state !== 'running') return;
    const t = ctx.currentTime;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0, t);
    gain.gain.linearRampToValueAtTime(0.15, t + 0.05);
    gain.gain.setValueAtTime(0.15, t + 0.9);
    gain.gain.linearRampToValueAtTime(0, t + 1);
    gain.connect(ctx.destination);
    for (const f of [440, 480]) {
      const osc = ctx.createOscillator();
      osc.frequency.value = f;
      osc.connect(gain);
      osc.start(t);
      osc.stop(t + 1);
    }
  };
  ctx
    .resume()
    .then(() => {
      burst();
      timer = setInterval(burst, 3000);
    })
    .catch(() => {});
  return () => {
    clearInterval(timer);
    void ctx.close().catch(() => {});
  };
}
