/**
 * Failed sign-in throttle, per account and per address (ASVS 6.3.1): a sliding window of
 * failures. In memory per process; with several processes each one throttles on its own.
 */
export interface ThrottleOptions { windowMs: number; maxPerAccount: number; maxPerAddress: number }

export class LoginThrottle {
  private failures = new Map<string, number[]>();
  constructor(private readonly options: ThrottleOptions = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 30 }) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.options.windowMs);
    if (list.length) this.failures.set(key, list); else this.failures.delete(key);
    return list;
  }

  isBlocked(account: string, address: string, now = Date.now()): boolean {
    return this.recent(`a:${account}`, now).length >= this.options.maxPerAccount
      || this.recent(`ip:${address}`, now).length >= this.options.maxPerAddress;
  }

  fail(account: string, address: string, now = Date.now()): void {
    for (const key of [`a:${account}`, `ip:${address}`]) this.failures.set(key, [...this.recent(key, now), now]);
  }

  succeed(account: string): void {
    this.failures.delete(`a:${account}`);
  }
}
