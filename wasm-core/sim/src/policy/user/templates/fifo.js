// FIFO: the page that entered first leaves first; hits change nothing.
export default class Fifo {
  constructor(frames, params) {
    this.queue = []; // oldest first
    this.head = 0;
  }
  hit(page, write) {}
  insert(page, write) {
    this.queue.push(page);
  }
  evict() {
    const page = this.queue[this.head++];
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head); // drop the evicted prefix now and then
      this.head = 0;
    }
    return page;
  }
  view() {
    return { lists: [{ name: 'FIFO (newest first)', pages: this.queue.slice(this.head).reverse() }] };
  }
}
