import type { CounterStore } from '../platform/services/counter-store.js';

const MINUTE = 60_000;

/**
 * Attempts per subject (an email, a code) and per address in a fixed window, held in the shared
 * counter store, so every API process throttles together. An attempt is counted, atomically,
 * before it is evaluated: of any number of attempts sent at once, only the first `maxPerSubject`
 * (and `maxPerAddress`) are evaluated; the rest answer 429 unseen. A success gives its attempt back.
 */
export interface FailureLimits {
  windowMs: number;
  maxPerSubject: number;
  maxPerAddress: number;
}

export class FailureThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly limits: FailureLimits,
  ) {}

  private keys(subject: string, address: string) {
    return { subject: `${this.name}:s:${subject}`, address: `${this.name}:ip:${address}` };
  }

  /** Counts one attempt; answers true when it is over a limit (refuse it without evaluating it). */
  async attempt(subject: string, address: string): Promise<boolean> {
    const k = this.keys(subject, address);
    const [perSubject, perAddress] = await Promise.all([
      this.store.hit(k.subject, this.limits.windowMs),
      this.store.hit(k.address, this.limits.windowMs),
    ]);
    return perSubject > this.limits.maxPerSubject || perAddress > this.limits.maxPerAddress;
  }

  /** The attempt succeeded: its subject starts over, and it does not count against its address. */
  async succeed(subject: string, address: string): Promise<void> {
    const k = this.keys(subject, address);
    await Promise.all([this.store.clear([k.subject]), this.store.release(k.address)]);
  }
}

/**
 * The sign-in policy (ASVS 6.3.1), built so that nobody can lock an owner out:
 * - per (account, address) pair: from the 3rd failure each attempt waits 1, 2, 4 … s (at most
 *   5 minutes) after the last one, and 10 failures close the pair for 15 minutes;
 * - per address: 30 failures in 15 minutes close the address (a spray over many accounts);
 * - per account: 100 failures in 15 minutes from every address together close the account (a
 *   distributed guess); five or ten failures from one address never stop its owner elsewhere.
 * A success clears its pair.
 */
export const SIGN_IN_POLICY = {
  windowMs: 15 * MINUTE,
  pairMax: 10,
  addressMax: 30,
  accountMax: 100,
  delayFrom: 3,
  maxDelayMs: 5 * MINUTE,
} as const;

export class SignInThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly policy = SIGN_IN_POLICY,
  ) {}

  private keys(account: string, address: string) {
    return {
      pair: `signin:p:${account}:${address}`,
      wait: `signin:w:${account}:${address}`,
      address: `signin:ip:${address}`,
      account: `signin:a:${account}`,
    };
  }

  /**
   * Counts one attempt before the password is checked, atomically: of attempts sent at once only
   * as many as the limits leave are evaluated. A refused attempt (true: answer 429) gives its
   * counts back, so only evaluated attempts count, as the policy reads.
   */
  async attempt(account: string, address: string): Promise<boolean> {
    const k = this.keys(account, address);
    const p = this.policy;
    const [pair, perAddress, perAccount, [wait]] = await Promise.all([
      this.store.hit(k.pair, p.windowMs),
      this.store.hit(k.address, p.windowMs),
      this.store.hit(k.account, p.windowMs),
      this.store.counts([k.wait]),
    ]);
    const refused = pair > p.pairMax || wait! > 0 || perAddress > p.addressMax || perAccount > p.accountMax;
    if (refused) await Promise.all([k.pair, k.address, k.account].map((key) => this.store.release(key)));
    return refused;
  }

  /** The `failures`th failure of a pair waits this long before the next attempt, in milliseconds (0 before `delayFrom`). */
  delayAfter(failures: number): number {
    if (failures < this.policy.delayFrom) return 0;
    return Math.min(1000 * 2 ** (failures - this.policy.delayFrom), this.policy.maxDelayMs);
  }

  /** The attempt's password was wrong: it stays counted, and the pair waits before its next one. */
  async fail(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    const [pair] = await this.store.counts([k.pair]);
    const delay = this.delayAfter(pair!);
    if (delay > 0) await this.store.hold(k.wait, delay);
  }

  /** The password was right: the pair starts over, and the attempt does not count against the address nor the account. */
  async succeed(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await Promise.all([
      this.store.clear([k.pair, k.wait]),
      this.store.release(k.address),
      this.store.release(k.account),
    ]);
  }
}
