import type { CounterStore } from './counter-store.js';

const MINUTE = 60_000;

/**
 * Failed attempts per subject (an email, a code) and per address in a fixed window, held in the
 * shared counter store (issue 16 §3), so every API process throttles together.
 */
export interface FailureLimits { windowMs: number; maxPerSubject: number; maxPerAddress: number }

export class FailureThrottle {
  constructor(private readonly store: CounterStore, private readonly name: string, private readonly limits: FailureLimits) {}

  private keys(subject: string, address: string) {
    return [`${this.name}:s:${subject}`, `${this.name}:ip:${address}`];
  }

  async isBlocked(subject: string, address: string): Promise<boolean> {
    const [perSubject, perAddress] = await this.store.counts(this.keys(subject, address));
    return perSubject! >= this.limits.maxPerSubject || perAddress! >= this.limits.maxPerAddress;
  }

  async fail(subject: string, address: string): Promise<void> {
    await Promise.all(this.keys(subject, address).map((key) => this.store.hit(key, this.limits.windowMs)));
  }

  async succeed(subject: string): Promise<void> {
    await this.store.clear([`${this.name}:s:${subject}`]);
  }
}

/**
 * The sign-in policy (issue 16 §8, ASVS 6.3.1), built so that nobody can lock an owner out:
 * - per (account, address) pair: from the 3rd failure each attempt waits 1, 2, 4 … s (at most
 *   5 minutes) after the last one, and 10 failures close the pair for 15 minutes;
 * - per address: 30 failures in 15 minutes close the address (a spray over many accounts);
 * - per account: 100 failures in 15 minutes from every address together close the account (a
 *   distributed guess); five or ten failures from one address never stop its owner elsewhere.
 * A success clears its pair.
 */
export const SIGN_IN_POLICY = {
  windowMs: 15 * MINUTE, pairMax: 10, addressMax: 30, accountMax: 100, delayFrom: 3, maxDelayMs: 5 * MINUTE,
} as const;

export class SignInThrottle {
  constructor(private readonly store: CounterStore, private readonly policy = SIGN_IN_POLICY) {}

  private keys(account: string, address: string) {
    return { pair: `signin:p:${account}:${address}`, wait: `signin:w:${account}:${address}`, address: `signin:ip:${address}`, account: `signin:a:${account}` };
  }

  async isBlocked(account: string, address: string): Promise<boolean> {
    const k = this.keys(account, address);
    const [pair, wait, perAddress, perAccount] = await this.store.counts([k.pair, k.wait, k.address, k.account]);
    const p = this.policy;
    return pair! >= p.pairMax || wait! > 0 || perAddress! >= p.addressMax || perAccount! >= p.accountMax;
  }

  /** The wait after the `failures`th failure of a pair, in milliseconds (0 before `delayFrom`). */
  delayAfter(failures: number): number {
    if (failures < this.policy.delayFrom) return 0;
    return Math.min(1000 * 2 ** (failures - this.policy.delayFrom), this.policy.maxDelayMs);
  }

  async fail(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    const { windowMs } = this.policy;
    const [pair] = await Promise.all([this.store.hit(k.pair, windowMs), this.store.hit(k.address, windowMs), this.store.hit(k.account, windowMs)]);
    const delay = this.delayAfter(pair);
    if (delay > 0) await this.store.hold(k.wait, delay);
  }

  async succeed(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await this.store.clear([k.pair, k.wait]);
  }
}
