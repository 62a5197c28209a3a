/** A stand-in for the PDF worker in tests: keeps its thread busy for `busyMs` (as a heavy render would), then answers. */
export default function busy({ busyMs, label }) {
  const startedAt = Date.now();
  while (Date.now() - startedAt < busyMs) {
    // Busy on purpose: a render that never yields is what the budget must stop.
  }
  return { label, startedAt, endedAt: Date.now() };
}
