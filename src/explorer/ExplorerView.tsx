// The step-by-step explorer (issue: visual explorer). Placeholder until it lands.
export function ExplorerView() {
  return (
    <section aria-label="Explorer" className="output">
      <p className="placeholder">Load a trace, choose one policy and a cache size, then step through it here.</p>
    </section>
  );
}
