// Your policy. The core keeps the cache: it calls hit() when a requested page is
// resident, evict() when a missed page needs a frame and every frame is full, then
// insert() for the missed page. evict() must return a page that is in the cache.
// Pages are the trace's own page numbers.
export default class MyPolicy {
  // Parameters people can set (optional): static params = [{ name: "k", default: 2, min: 1, max: 8, doc: "…" }];
  constructor(frames, params) {
    this.frames = frames;
  }
  hit(page, write) {}
  insert(page, write) {}
  evict() {
    throw new Error('evict() is not written yet');
  }
  // view() { return { lists: [{ name: "mine", pages: [] }] }; } // what Explore draws (optional)
}
