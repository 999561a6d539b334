// LRU: the page used least recently leaves. A Map keeps its keys in insertion
// order, so deleting and setting a page again moves it to the most recent end.
export default class Lru {
  constructor(frames, params) {
    this.pages = new Map();
  }
  hit(page, write) {
    this.pages.delete(page);
    this.pages.set(page, true);
  }
  insert(page, write) {
    this.pages.set(page, true);
  }
  evict() {
    const oldest = this.pages.keys().next().value;
    this.pages.delete(oldest);
    return oldest;
  }
  view() {
    return { lists: [{ name: 'LRU (most recent first)', pages: [...this.pages.keys()].reverse() }] };
  }
}
