/**
 * Long CPU work on the request thread in slices (contract §1: no request holds the thread for more than 100 ms):
 * call the returned function between steps; once a slice has run `budgetMs`, it lets everything else waiting for
 * the thread (other requests, the heartbeat) run before the work goes on.
 */
export function timeSlices(budgetMs = 15): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}
