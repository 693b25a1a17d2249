/**
 * Polls `probe` until it answers `expected`, for at most a second; the last
 * answer. For what another process hears of a change when it commits
 * (LISTEN/NOTIFY): a moment later, not at once.
 */
export async function withinASecond<T>(probe: () => Promise<T>, expected: T): Promise<T> {
  const started = Date.now();
  let seen = await probe();
  while (seen !== expected && Date.now() - started < 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await probe();
  }
  return seen;
}
