/** The index of the current fixed rate-limit window (one minute unless told). */
export const windowIndex = (windowMs = 60_000) => Math.floor(Date.now() / windowMs);

/** The index of the current one-minute rate-limit window. */
export const minute = () => windowIndex();

/**
 * Runs calls within one fixed rate-limit window: if the window turned while they ran, the
 * counts started over, so the sequence is run again with fresh state.
 */
export async function inOneWindow<T>(calls: (attempt: number) => Promise<T>, windowMs = 60_000): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const before = windowIndex(windowMs);
    const result = await calls(attempt);
    if (windowIndex(windowMs) === before) return result;
  }
}
