// CLOCK (second chance): frames on a circle, a reference bit per page. On a fault
// the hand sweeps: a page with its bit set gets a second chance (the bit is
// cleared), the first page without it leaves.
export default class Clock {
  constructor(frames, params) {
    this.slots = new Array(frames).fill(null);
    this.ref = new Map(); // page -> reference bit
    this.hand = 0;
    this.filled = 0;
    this.free = null; // the slot the last victim left
  }
  hit(page, write) {
    this.ref.set(page, 1);
  }
  insert(page, write) {
    const slot = this.free ?? this.filled++;
    this.slots[slot] = page;
    this.ref.set(page, 0);
    this.free = null;
  }
  evict() {
    for (;;) {
      const page = this.slots[this.hand];
      const slot = this.hand;
      this.hand = (this.hand + 1) % this.slots.length;
      if (this.ref.get(page)) {
        this.ref.set(page, 0);
      } else {
        this.ref.delete(page);
        this.free = slot;
        return page;
      }
    }
  }
  view() {
    const pages = this.slots.map((p, i) => (i === this.free ? null : p));
    const bits = {};
    for (const [page, bit] of this.ref) bits[page] = bit;
    const at = this.slots[this.hand];
    return { rings: [{ name: 'clock', pages, hands: at === null || this.hand === this.free ? {} : { hand: at } }], bits };
  }
}
