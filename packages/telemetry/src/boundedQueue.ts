/**
 * A fixed-capacity FIFO ring buffer: pushing into a full queue drops the oldest item. O(1) per push.
 *
 * @internal
 */
export class BoundedQueue<T> {
  readonly #items: (T | undefined)[];
  #head = 0;
  #size = 0;

  constructor(readonly capacity: number) {
    this.#items = new Array<T | undefined>(capacity);
  }

  get length(): number {
    return this.#size;
  }

  /** Appends `item`; returns 1 when the oldest item had to be dropped to make room, else 0. */
  push(item: T): 0 | 1 {
    if (this.capacity === 0) return 1;
    const tail = (this.#head + this.#size) % this.capacity;
    this.#items[tail] = item;
    if (this.#size < this.capacity) {
      this.#size++;
      return 0;
    }
    this.#head = (this.#head + 1) % this.capacity;
    return 1;
  }

  /** Removes and returns up to `count` items from the front, oldest first. */
  take(count: number): T[] {
    const n = Math.min(count, this.#size);
    const out = new Array<T>(n);
    for (let i = 0; i < n; i++) {
      out[i] = this.#items[this.#head] as T;
      this.#items[this.#head] = undefined;
      this.#head = (this.#head + 1) % this.capacity;
    }
    this.#size -= n;
    return out;
  }
}
