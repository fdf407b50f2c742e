/**
 * One queue per signer: jobs for the same signer run one after the other, in arrival order, so their
 * transactions get consecutive nonces. A job that fails does not stop the ones after it. @internal
 */
export class SignerQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(signer: string, job: () => Promise<T>): Promise<T> {
    const key = signer.toLowerCase();
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(job);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
