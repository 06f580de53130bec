/** 100 dots of confetti (spec section 2); loaded on first use so the library stays out of the entry chunk. */
export async function celebrate(): Promise<void> {
  try {
    const { default: confetti } = await import("canvas-confetti");
    await confetti({ particleCount: 100, spread: 70, origin: { y: 0.6 }, disableForReducedMotion: true });
  } catch {
    // Decoration only: a failed chunk load must not turn a saved unlock into an error.
  }
}
