/**
 * Response texts of this API process, by a key that names everything a response depends on,
 * a version that changes with the data included: a hit is the text the handler would send.
 * Bounded; the oldest entry goes first (entries of old versions are never read again).
 */
export class ResponseCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, text: string): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, text);
  }
}
